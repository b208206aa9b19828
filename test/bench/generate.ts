// A deterministic synthetic spec of a given number of items, for the benchmark: the same seed and
// size give the same files, byte for byte.
import { stringify } from 'yaml';

/** Items every synthetic spec has whatever its size: 40 errors, one scheme, one limit, one version. */
const FIXED_ITEMS = 43;
/** The smallest spec the generator makes: enough endpoints and resources for the state machines. */
export const MIN_ITEMS = 100;

/** How many items of each area a spec of `items` items has; they add up to `items` exactly. */
export function shares(items: number): { endpoints: number; resources: number; events: number; machines: number } {
  if (!Number.isInteger(items) || items < MIN_ITEMS) throw new Error(`a synthetic spec has at least ${MIN_ITEMS} items (asked for ${items})`);
  const rest = items - FIXED_ITEMS;
  const resources = Math.round(rest * 0.35);
  const events = Math.round(rest * 0.06);
  const machines = Math.max(5, Math.floor(resources / 30));
  return { endpoints: rest - resources - events - machines, resources, events, machines };
}

/** mulberry32: a small seeded PRNG, so every run generates the same spec. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ['string', 'integer', 'number', 'boolean'] as const;

/** The files of a synthetic spec of `items` items: every area, mostly stated, with a realistic share of open gaps. */
export function generateSpec(items: number, seed = 1): Array<{ path: string; text: string }> {
  const n = shares(items);
  const rnd = random(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const files: Array<{ path: string; text: string }> = [];
  const put = (path: string, data: unknown) => files.push({ path, text: stringify(data, { lineWidth: 0 }) });
  const resources = Array.from({ length: n.resources }, (_, i) => `Resource${i}`);
  const errors = Array.from({ length: 40 }, (_, i) => `error_${i}`);
  put('purpose/_area.yaml', { name: `Synthetic ${items}`, base_url: 'https://api.example.com/v1', purpose: 'A generated spec for the benchmark. See [[resources/Resource0]].', domain: 'Benchmarks', users: ['Benchmark'] });
  put('resources/_area.yaml', { inventory: 'complete' });
  resources.forEach((id, i) => {
    const fields: Record<string, unknown> = { id: { type: 'string', required: true, format: 'uuid', description: `Identifier of the ${id}.` } };
    for (let f = 0; f < 8; f++) {
      const type = f === 7 && i > 0 ? resources[Math.floor(rnd() * i)] : pick(TYPES);
      fields[`field_${f}`] = rnd() < 0.05 ? { type, required: { open: 'Is this always present?' } } : { type, required: rnd() < 0.5, ...(type === 'string' && rnd() < 0.3 ? { allowed: ['a', 'b', 'c'] } : {}) };
    }
    put(`resources/${id}.yaml`, { title: `Resource ${i}`, description: `Resource number ${i}; see [[resources/${resources[Math.max(0, i - 1)]}]].`, fields });
  });
  put('states/_area.yaml', { inventory: 'complete' });
  for (let m = 0; m < n.machines; m++) {
    put(`states/machine-${m}.yaml`, {
      resource: resources[m],
      field: 'id',
      states: { draft: { initial: true }, active: {}, closed: { final: true } },
      transitions: [
        { from: 'draft', to: 'active', trigger: { endpoint: `op-${m}` } },
        { from: 'active', to: 'closed', trigger: rnd() < 0.2 ? { open: 'What closes it?' } : { condition: 'Time passes.' } },
      ],
    });
  }
  put('endpoints/_area.yaml', { inventory: 'complete' });
  for (let e = 0; e < n.endpoints; e++) {
    const resource = pick(resources);
    const get = rnd() < 0.5;
    put(`endpoints/op-${e}.yaml`, {
      title: `Operation ${e}`,
      method: get ? 'GET' : 'POST',
      path: `/things-${e}/{thing_id}`,
      parameters: { path: { thing_id: { type: 'string', required: true } }, query: { expand: { type: 'boolean' } } },
      ...(get ? {} : { request: { resource } }),
      responses: { [get ? '200' : '201']: { resource }, '404': { error: pick(errors) }, ...(rnd() < 0.1 ? { '409': { open: 'Which conflicts?' } } : {}) },
      security: [{ scheme: 'oauth2', scopes: ['read'] }],
      limits: ['default-rate'],
    });
  }
  put('authentication/_area.yaml', { inventory: 'complete' });
  put('authentication/oauth2.yaml', { scheme: 'oauth2', credentials: ['client_id', 'client_secret'], headers: ['Authorization'], token_lifetimes: { access_token: 'PT1H' }, scopes: { read: 'Read.', write: 'Write.' }, token_endpoints: { token: 'https://auth.example.com/token' } });
  put('events/_area.yaml', { inventory: 'complete', delivery: { transport: 'webhook' }, retries: { attempts: 5 }, signing: { open: 'How are events signed?' } });
  for (let v = 0; v < n.events; v++) put(`events/event-${v}.yaml`, { title: `Event ${v}`, payload: { resource: pick(resources) } });
  put('errors/_area.yaml', { inventory: 'complete', body: { resource: 'Resource0' } });
  errors.forEach((id, i) => put(`errors/${id}.yaml`, { title: `Error ${i}`, status: 404 }));
  put('limits/_area.yaml', { quotas: 'complete', size_bounds: { none: 'None.' }, timeouts: { open: true }, headers: ['RateLimit'] });
  put('limits/default-rate.yaml', { kind: 'quota', quota: 1000, window: 'PT1H' });
  put('versioning/_area.yaml', { scheme: { style: 'url-path' }, inventory: 'complete', deprecation: { open: true } });
  put('versioning/v1.yaml', { status: 'current', released: '2026-01-01' });
  return files;
}
