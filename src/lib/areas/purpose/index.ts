import { z } from 'zod';
import { externalDocsSchema, facet, facetObject } from '../../facet/define.ts';
import { facetState, stated } from '../../facet/state.ts';
import { lineSchema, nameSchema, placeholderSchema, prose } from '../../facet/values.ts';
import { isRelativeServerUrl, linkUrlSchema, RELATIVE_SERVER_PATTERN, serverUrlSchema } from '../../safety/url.ts';
import { defineArea } from '../area.ts';

/** An absolute server address, possibly with `{variables}` in it: `https://{region}.api.example.com/v1`. */
const TEMPLATED = String.raw`(?!(javascript|data|vbscript|file):)([a-z][a-z0-9+.-]*|\{[A-Za-z0-9_.-]+\}):\/\/[^\s<>"${'`'}\\^|]+`;

/**
 * A server's address: absolute, possibly with `{variables}` in it (`https://{region}.api.example.com/v1`),
 * or a path from the root, relative to where the interface description is read (OpenAPI 3's `/api/v1`).
 */
export const serverAddressSchema = z
  .string()
  .regex(
    new RegExp(`^(?:${TEMPLATED}|${RELATIVE_SERVER_PATTERN})$`, 'i'),
    'expected an absolute URL such as https://{region}.api.example.com (the scheme may be a variable: {scheme}://…), or a path from the root such as /api/v1 (relative to where the description is read; never //host)',
  );

/** One server the service runs on. */
export const serverSchema = z.strictObject({
  /** Its name, where the interface description names servers (AsyncAPI's `production`). */
  name: nameSchema.optional(),
  /** Its address: absolute (`https://api.example.com/v1`), or a path from the root (`/api/v1`) where the description gives no host. */
  url: serverAddressSchema,
  /** The protocol, where the interface description states one that is not the URL's scheme (AsyncAPI's `SMF` at a `tcp://` address). */
  protocol: nameSchema.optional(),
  description: prose.optional(),
  /** The `{variables}` of the URL, each with its default and the values it may take. */
  variables: z.record(nameSchema, z.strictObject({ default: z.string(), allowed: z.array(z.string()).min(1).optional(), description: prose.optional() })).optional(),
});

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
    /** The service in one line. */
    summary: facet(lineSchema),
    /** Every server it runs on, with the variables of their addresses. */
    servers: facet(z.array(serverSchema)),
    /** Who to ask about the interface. */
    contact: facet(z.strictObject({ name: lineSchema.optional(), email: z.email().optional(), url: linkUrlSchema.optional() })),
    /** The licence of the interface description: an SPDX identifier or a name, with a link. */
    license: facet(z.strictObject({ name: lineSchema, identifier: z.string().min(1).optional(), url: linkUrlSchema.optional() })),
    /** Where the terms of service are. */
    terms_of_service: facet(linkUrlSchema),
    description: prose.optional(),
    /** Where to read more about the service (OpenAPI's and AsyncAPI's `externalDocs`): the address, and what is there (Markdown). */
    external_docs: externalDocsSchema.optional(),
  },
  {
    name: { label: 'service name', question: 'What is the service called?' },
    base_url: { label: 'base address', question: 'What is the concrete base address of the service?' },
    purpose: { label: 'purpose', question: 'What does the service do?', prose: true },
    domain: { label: 'domain', question: 'Which business domain does the service belong to?' },
    users: { label: 'users', question: 'Who calls the service?' },
    summary: { label: 'summary', question: 'What is the service, in one line?', refinement: 'summary' },
    servers: { label: 'servers', question: 'Which servers does the service run on?', refinement: 'servers' },
    contact: { label: 'contact', question: 'Who answers questions about the interface?', refinement: 'contact' },
    license: { label: 'licence', question: 'Under which licence is the interface description?', refinement: 'license' },
    terms_of_service: { label: 'terms of service', question: 'Where are the terms of service?', refinement: 'terms_of_service' },
  },
);
export type PurposeArea = z.infer<typeof purposeArea>;

export const purpose = defineArea({
  key: 'purpose',
  title: 'Purpose',
  covers: 'Purpose, domain and users of the service (plus its name and base address)',
  guide: [
    'Purpose: what the service does, for whom, and where it lives.',
    'Each facet is a value, `{ none: reason }`, `{ open: question }` or `{ open: true }`. See the guide, Writing this spec.',
  ],
  schema: purposeArea,
  // As the seed has it: a placeholder is stated (shown as such) and still a gap for the concrete address.
  areaScaffold: { base_url: '{base_url}' },
});

/**
 * The base address pages put before an endpoint's path: `base_url` as written (its placeholder
 * too), except where it states no address and the one server stated is a path from the root
 * (`/api/v1`, a description that gives no host), which is then that path: the host stays unknown,
 * the base path is not lost. Undefined where neither says anything.
 */
export function shownBase(purpose: { base_url?: unknown; servers?: unknown }): string | undefined {
  const base = typeof purpose.base_url === 'string' ? purpose.base_url : undefined;
  const servers = stated(purpose.servers);
  const [only, ...more] = Array.isArray(servers) ? servers : [];
  const relative = more.length === 0 && typeof only?.url === 'string' && isRelativeServerUrl(only.url) ? only.url.replace(/\/+$/, '') : undefined;
  if (relative !== undefined && (base === undefined || facetState(base) !== 'stated')) return relative;
  return base;
}
