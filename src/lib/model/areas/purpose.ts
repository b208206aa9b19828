import { purposeArea } from '../../schema/purpose.ts';
import type { AreaDef } from '../facet-def.ts';

export const purpose: AreaDef = {
  key: 'purpose',
  title: 'Purpose',
  covers: 'Purpose, domain and users of the service (plus its name and base address)',
  schema: purposeArea,
  facets: [
    { key: 'name', label: 'service name', question: 'What is the service called?' },
    { key: 'base_url', label: 'base address', question: 'What is the concrete base address of the service?' },
    { key: 'purpose', label: 'purpose', question: 'What does the service do?' },
    { key: 'domain', label: 'domain', question: 'Which business domain does the service belong to?' },
    { key: 'users', label: 'users', question: 'Who calls the service?' },
  ],
};
