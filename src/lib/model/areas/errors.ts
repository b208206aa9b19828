import { errorItem, errorsArea } from '../../schema/error-code.ts';
import { inventory, type AreaDef } from '../facet-def.ts';

export const errors: AreaDef = {
  key: 'errors',
  title: 'Errors',
  covers: 'Error codes, status codes and error body shape',
  schema: errorsArea,
  facets: [
    inventory('inventory', 'error codes', 'the HTTP status code it comes with'),
    { key: 'body', label: 'error body shape', question: 'What does an error response body look like?', namesResource: true },
  ],
  items: {
    noun: 'error code',
    plural: 'error codes',
    schema: errorItem,
    facets: () => [{ key: 'status', label: 'status code', question: 'Which HTTP status code comes with this error?' }],
  },
};
