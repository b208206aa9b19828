import { versionItem, versioningArea } from '../../schema/version.ts';
import { inventory, type AreaDef } from '../facet-def.ts';

export const versioning: AreaDef = {
  key: 'versioning',
  title: 'Versioning',
  covers: 'Versioning scheme, supported versions and deprecation rules',
  schema: versioningArea,
  facets: [
    { key: 'scheme', label: 'versioning scheme', question: 'How does a caller choose a version?' },
    inventory('inventory', 'supported versions', 'its status and release date'),
    { key: 'deprecation', label: 'deprecation rules', question: 'How is a version deprecated and retired, with how much notice?' },
  ],
  items: {
    noun: 'version',
    plural: 'versions',
    schema: versionItem,
    facets: () => [
      { key: 'status', label: 'status', question: 'Is this version current, supported, deprecated or retired?' },
      { key: 'released', label: 'release date', question: 'When was this version released?' },
    ],
  },
};
