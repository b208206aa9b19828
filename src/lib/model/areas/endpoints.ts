import { idSegment } from '../../gaps/ids.ts';
import { BODYLESS_METHODS, endpointItem, endpointsArea } from '../../schema/endpoint.ts';
import { inventory, isObj, type AreaDef, type FacetDef } from '../facet-def.ts';

const PARAMETER_TYPE: FacetDef = { key: 'type', label: 'type', question: 'What is the type of this parameter?' };

export const endpoints: AreaDef = {
  key: 'endpoints',
  title: 'Endpoints',
  covers: 'Endpoints (methods, path shapes, request payloads, response payloads, parameters)',
  schema: endpointsArea,
  facets: [inventory('inventory', 'endpoints', 'method, path shape, parameters, request payload and response payloads')],
  items: {
    noun: 'endpoint',
    plural: 'endpoints',
    schema: endpointItem,
    facets: () => [
      { key: 'method', label: 'method', question: 'Which HTTP method does this endpoint use?' },
      { key: 'path', label: 'path shape', question: 'What is the path of this endpoint?' },
      {
        key: 'parameters',
        label: 'parameters',
        question: 'Which path, query and header parameters does this endpoint take?',
        children: (value) =>
          isObj(value)
            ? Object.entries(value).flatMap(([name, p]) =>
                isObj(p) ? [{ id: [idSegment(name)], at: [name], label: `parameter ${name}`, owner: p, facets: [PARAMETER_TYPE] }] : [],
              )
            : [],
      },
      {
        key: 'request',
        label: 'request payload',
        question: 'What does the request body carry?',
        applies: (owner) => typeof owner.method !== 'string' || !BODYLESS_METHODS.has(owner.method),
        namesResource: true,
      },
      {
        key: 'responses',
        label: 'response payloads',
        question: 'Which responses can this endpoint give, by status code, and what do they carry?',
        children: (value) =>
          isObj(value)
            ? [
                {
                  id: [],
                  at: [],
                  label: 'response',
                  owner: value,
                  facets: Object.keys(value).map((status) => ({
                    key: status,
                    label: status,
                    question: `What does the ${status} response carry?`,
                    namesResource: true,
                  })),
                },
              ]
            : [],
      },
      { key: 'security', label: 'security', question: 'Which schemes and scopes does a call need?', optional: true },
    ],
  },
};
