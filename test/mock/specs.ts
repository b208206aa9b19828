import { writeSpec } from '../helpers.ts';

/**
 * Small spec folders for the mock's tests, written through the real loader's file layout: one
 * endpoint per kind of open facet, facets stated as none, credentials, quotas, hostile values.
 */

const common = {
  'purpose/_area.yaml': 'name: Mock test\nbase_url: https://api.example.com/api\npurpose: Tests the mock.\ndomain: Testing\nusers: [Tests]\n',
  'resources/_area.yaml': 'inventory: complete\n',
  'resources/Thing.yaml': 'fields:\n  id: { type: string, required: true, format: uuid }\n  name: { type: string, required: true, format: { open: Which format do names take?, owner: "@data" } }\n',
  'resources/Draft.yaml': 'fields: { open: Which fields does a draft keep?, owner: "@product" }\n',
};

const endpoint = (id: string, text: string) => [`endpoints/${id}.yaml`, `parameters: { none: It takes none. }\n${text}`] as const;

/** One endpoint for each kind of open facet an answer can run into, and facets stated as none. */
export function openSpec(): Promise<string> {
  return writeSpec(
    new Map([
      ...Object.entries(common),
      ['endpoints/_area.yaml', 'inventory: { open: Are there more endpoints?, owner: "@api" }\n'],
      endpoint('method-open', 'method: { open: GET or POST?, owner: "@api" }\npath: /method-open\nrequest: { none: No body. }\nresponses: { "200": { resource: Thing } }\n'),
      endpoint('responses-missing', 'method: GET\npath: /responses-missing\n'),
      endpoint('responses-open', 'method: GET\npath: /responses-open\nresponses: { open: Which responses are there?, owner: "@api" }\n'),
      endpoint('response-open', 'method: GET\npath: /response-open\nresponses:\n  "200": { resource: Thing }\n  "404": { open: What does a miss carry?, owner: "@api" }\n'),
      endpoint('schema-open', 'method: GET\npath: /schema-open\nresponses:\n  "200": { schema: { open: Which shape?, owner: "@api" }, content_type: application/json }\n'),
      endpoint('schema-untyped', 'method: GET\npath: /schema-untyped\nresponses:\n  "200": { schema: { description: Something. }, content_type: application/json }\n'),
      endpoint('resource-open', 'method: GET\npath: /resource-open\nresponses:\n  "200": { resource: Draft }\n'),
      endpoint('error-body-open', 'method: GET\npath: /error-body-open\nresponses:\n  "200": { resource: Thing }\n  "409": { error: conflict }\n'),
      ['endpoints/delete-thing.yaml', 'method: DELETE\npath: /things/{id}\nparameters:\n  path:\n    id: { type: string, required: true }\nresponses:\n  "204": { none: Nothing comes back. }\n'],
      endpoint('no-body', 'method: POST\npath: /no-body\nrequest: { none: The call carries nothing. }\nresponses:\n  "202": { description: Accepted. }\n'),
      ['errors/_area.yaml', 'inventory: complete\n'],
      ['errors/conflict.yaml', 'status: 409\n'],
    ]),
  );
}

/** Credentials, quotas, a size bound, the errors they answer with, and `Prefer`'s named examples. */
export function guardedSpec(): Promise<string> {
  return writeSpec(
    new Map([
      ...Object.entries(common),
      ['endpoints/_area.yaml', 'inventory: complete\n'],
      [
        'endpoints/get-thing.yaml',
        [
          'method: GET',
          'path: /things/{id}',
          'parameters:',
          '  path:',
          '    id: { type: string, required: true, pattern: "^[a-z]+$" }',
          '  query:',
          '    limit: { type: integer, required: false, minimum: 1, maximum: 50 }',
          '    tags: { type: array, items: { type: string, allowed: [red, blue] }, style: form, explode: false }',
          '    q: { type: string, pattern: "^(a+)+$" }',
          '    look: { type: string, pattern: "^(?=a)(a+)+$" }',
          '  header:',
          '    X-Trace: { type: string, required: true }',
          'responses:',
          '  "200":',
          '    resource: Thing',
          '    named_examples:',
          '      small: { summary: A small thing, value: { id: 00000000-0000-0000-0000-000000000001, name: small } }',
          '      large: { summary: A large thing, value: { id: 00000000-0000-0000-0000-000000000002, name: large } }',
          '    headers:',
          '      ETag: { type: string, required: true, examples: ["\\"v1\\""] }',
          '  "404": { error: not_found }',
          'security: [{ scheme: key }]',
          'limits: [hourly]',
        ].join('\n') + '\n',
      ],
      [
        'endpoints/put-thing.yaml',
        [
          'method: PUT',
          'path: /things/{id}',
          'parameters:',
          '  path:',
          '    id: { type: string, required: true }',
          'request:',
          '  required: true',
          '  content_type: application/json',
          '  schema:',
          '    type: object',
          '    fields:',
          '      name: { type: string, required: true, min_length: 2 }',
          '      size: { type: integer, required: false, minimum: 1 }',
          'responses:',
          '  "200": { resource: Thing }',
          'limits: [small-body]',
        ].join('\n') + '\n',
      ],
      ['authentication/_area.yaml', 'inventory: complete\n'],
      ['authentication/key.yaml', 'scheme: api-key\nlocation: header\nheaders: [X-Key]\ncredentials: [key]\n'],
      ['errors/_area.yaml', 'inventory: complete\nbody: { schema: { type: object, fields: { code: { type: string, required: true } } }, content_type: application/json }\n'],
      ['errors/unauthorized.yaml', 'status: 401\nbody: { schema: { type: object, fields: { code: { type: string, required: true } } }, content_type: application/json, example: { code: no-key } }\n'],
      ['errors/not_found.yaml', 'status: 404\n'],
      ['errors/slow_down.yaml', 'status: 429\nbody: { schema: { type: object, fields: { code: { type: string, required: true } } }, content_type: application/json, example: { code: slow-down } }\n'],
      ['errors/too_large.yaml', 'status: 413\n'],
      ['limits/_area.yaml', 'quotas: complete\nsize_bounds: complete\ntimeouts: { none: None. }\nheaders: [RateLimit, RateLimit-Policy, Retry-After]\n'],
      ['limits/hourly.yaml', 'kind: quota\nquota: 3\nwindow: PT1H\n'],
      ['limits/small-body.yaml', 'kind: size\nmax_bytes: 64\napplies_to: request\n'],
    ]),
  );
}

/** Values written to break a response: line breaks and scripts in header examples, a huge example, names with quotes and commas, a resource with hundreds of open gaps. */
export function hostileSpec(): Promise<string> {
  const many = Array.from({ length: 600 }, (_, i) => `  f${String(i).padStart(3, '0')}: { type: string, required: true, format: { open: "Which format, \\"really\\"?" } }`).join('\n');
  return writeSpec(
    new Map([
      ['purpose/_area.yaml', 'name: Hostile mock\nbase_url: https://api.example.com\npurpose: Breaks things.\ndomain: Testing\nusers: [Tests]\n'],
      ['resources/_area.yaml', 'inventory: complete\n'],
      ['resources/Weird.yaml', `fields:\n  'a, b"<c>%\u00e9': { type: string, required: true, format: { open: "Which?\\nReally?" } }\n  big: { type: string, required: false }\n`],
      ['resources/Many.yaml', `fields:\n${many}\n`],
      ['endpoints/_area.yaml', 'inventory: complete\n'],
      [
        'endpoints/weird.yaml',
        [
          'method: GET',
          'path: /weird',
          'parameters: { none: None. }',
          'responses:',
          '  "200":',
          '    resource: Weird',
          '    example: { big: ' + JSON.stringify('x'.repeat(1_000_000)) + ' }',
          '    headers:',
          '      X-Evil: { type: string, examples: ["a\\r\\nInjected: yes"] }',
          '      X-Lf: { type: string, examples: ["a\\nInjected2: yes"] }',
          '      X-Script: { type: string, examples: ["<script>alert(\'x\')</script>"] }',
          '      X-Quote: { type: string, examples: ["\\"quoted\\" and \'single\', too"] }',
          '      X-Unicode: { type: string, examples: ["caf\\u00e9 \\u2028 \\u202e"] }',
          '      X-Huge: { type: string, examples: [' + JSON.stringify('y'.repeat(100_000)) + '] }',
          '      "Bad Name: x": { type: string, examples: [z] }',
          '      Content-Length: { type: string, examples: ["0"] }',
          '      Specbench-Gaps: { type: string, examples: ["none"] }',
        ].join('\n') + '\n',
      ],
      ['endpoints/many.yaml', 'method: GET\npath: /many\nparameters: { none: None. }\nresponses:\n  "200": { resource: Many }\n'],
    ]),
  );
}

/** Paths that share segments: a written segment beside one with a parameter, parameters of different names on one segment, a parameter inside a segment. */
export function routesSpec(): Promise<string> {
  const ok = 'responses:\n  "200": { schema: { type: object, fields: { which: { type: string, required: true, allowed: [WHICH] } } }, content_type: application/json }\n';
  const item = (id: string, method: string, path: string, params: string) => [`endpoints/${id}.yaml`, `method: ${method}\npath: ${path}\nparameters:\n  path:\n${params}${ok.replace('WHICH', id)}`] as const;
  return writeSpec(
    new Map([
      ['purpose/_area.yaml', 'name: Routes\nbase_url: https://api.example.com/v2/\npurpose: Routes.\ndomain: Testing\nusers: [Tests]\n'],
      ['endpoints/_area.yaml', 'inventory: complete\n'],
      item('get-item', 'GET', '/items/{item_id}', '    item_id: { type: integer, required: true }\n'),
      item('delete-item', 'DELETE', '/items/{item_id}', '    item_id: { type: integer, required: true }\n'),
      ['endpoints/mine.yaml', `method: GET\npath: /items/mine\nparameters: { none: None. }\n${ok.replace('WHICH', 'mine')}`],
      item('part', 'GET', '/items/{id}/parts/{part}.json', '    id: { type: integer, required: true }\n    part: { type: string, required: true, pattern: "^[a-z]+$" }\n'),
    ]),
  );
}
