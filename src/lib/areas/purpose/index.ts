import { z } from 'zod';
import { facet, facetObject } from '../../facet/define.ts';
import { lineSchema, placeholderSchema, prose } from '../../facet/values.ts';
import { serverUrlSchema } from '../../safety/url.ts';
import { defineArea } from '../area.ts';

/** `purpose/_area.yaml`: what the service does, for whom, and where it lives. */
export const purposeArea = facetObject(
  {
    /** The service's name, one line. */
    name: facet(lineSchema),
    /** The base address every endpoint path is relative to (`https://…`, or `mqtt://…` for a broker); `{base_url}` while undecided. */
    base_url: facet(z.union([placeholderSchema, serverUrlSchema])),
    /** What the service does, in a few sentences (Markdown). */
    purpose: facet(prose.min(1)),
    /** The business domain it belongs to. */
    domain: facet(z.string().trim().min(1)),
    /** Who calls it: teams, partners, apps. */
    users: facet(z.union([z.string().trim().min(1), z.array(z.string().trim().min(1))])),
    description: prose.optional(),
  },
  {
    name: { label: 'service name', question: 'What is the service called?' },
    base_url: { label: 'base address', question: 'What is the concrete base address of the service?' },
    purpose: { label: 'purpose', question: 'What does the service do?', prose: true },
    domain: { label: 'domain', question: 'Which business domain does the service belong to?' },
    users: { label: 'users', question: 'Who calls the service?' },
  },
);
export type PurposeArea = z.infer<typeof purposeArea>;

export const purpose = defineArea({
  key: 'purpose',
  title: 'Purpose',
  covers: 'Purpose, domain and users of the service (plus its name and base address)',
  schema: purposeArea,
});
