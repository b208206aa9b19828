import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReloadGate } from '../../src/cli/commands/mock.ts';
import { writeSpec } from '../helpers.ts';
import { call, startMock } from './harness.ts';

/**
 * Issue 35, t35i D7: a call that came while a change of the spec folder was pending waited for
 * every reading that followed, so a folder that kept changing (a file rewritten every 5 ms, an
 * import writing 300 files) starved every client, even of endpoints the change did not touch.
 * The gate the server waits on, told each event and reading as the watch tells them; then the
 * real command line with the real folder watch.
 */
const purpose = 'name: P\nbase_url: https://api.example.com/v1\npurpose: Tests reloads.\ndomain: Testing\nusers: [Tests]\n';
const ok = 'responses:\n  "200": { content_type: application/json, schema: { type: string, allowed: [ok] }, example: ok }\n';
const endpoint = (name: string) => `title: ${name}\nmethod: GET\npath: /${name}\nparameters: { none: None. }\n${ok}`;

/** Whether a promise has settled by the time the queued callbacks have run. */
async function settledNow(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('what a call waits for while the spec folder changes (issue 35, t35i D7)', () => {
  it('waits for the reading of the changes told before it came, not for those told after', async () => {
    const gate = new ReloadGate(600_000, () => undefined);
    expect(gate.settled()).toBeUndefined();
    gate.told();
    const call = gate.settled();
    if (!call) throw new Error('a change is pending: the call waits');
    const reading = gate.reading();
    // The folder changes again while it is read: the call came before this change.
    gate.told();
    expect(await settledNow(call)).toBe(false);
    gate.read(reading);
    expect(await settledNow(call)).toBe(true);
    // A call that came after the second change waits for its reading.
    const later = gate.settled();
    if (!later) throw new Error('the second change is pending');
    expect(await settledNow(later)).toBe(false);
    gate.read(gate.reading());
    expect(await settledNow(later)).toBe(true);
    expect(gate.settled()).toBeUndefined();
  });

  it('waits at most its bound while no reading comes (changes faster than the watch\'s quiet time), and says so once', async () => {
    const said: string[] = [];
    const gate = new ReloadGate(20, () => said.push('bound'));
    gate.told();
    const first = gate.settled();
    gate.told();
    const second = gate.settled();
    await Promise.all([first, second]);
    expect(said).toEqual(['bound']);
    // Once read, a new storm is said again.
    gate.read(gate.reading());
    gate.told();
    await gate.settled();
    expect(said).toEqual(['bound', 'bound']);
  });

  it('lets every call go when the server stops', async () => {
    const gate = new ReloadGate(600_000, () => undefined);
    gate.told();
    const call = gate.settled();
    if (!call) throw new Error('a change is pending');
    gate.release();
    expect(await settledNow(call)).toBe(true);
  });
});

describe('the mock while its folder keeps changing (issue 35, t35i D7)', () => {
  it('answers a call from the spec while the writes go on, and still answers a save with the saved file', async () => {
    const dir = await writeSpec(new Map([['purpose/_area.yaml', purpose], ['endpoints/ping.yaml', endpoint('ping')], ['endpoints/e.yaml', endpoint('e')]]));
    const mock = await startMock(['--spec', dir]);
    try {
      let writes = 0;
      const write = async () => {
        await writeFile(join(dir, 'endpoints', 'e.yaml'), `${endpoint('e')}# ${writes++}\n`);
        await new Promise((resolve) => setImmediate(resolve));
      };
      let answered = false;
      const ping = call(mock.origin, '/v1/ping').then((a) => {
        answered = true;
        return a;
      });
      // Written with no pause until the call is answered.
      while (!answered) await write();
      expect((await ping).status).toBe(200);
      // A save, then a call at once: the saved file's answer.
      await writeFile(join(dir, 'endpoints', 'new.yaml'), endpoint('new'));
      expect((await call(mock.origin, '/v1/new')).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});
