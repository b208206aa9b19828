import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 4321));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The largest peak resident memory (VmHWM) among the processes of a process group, in MB. */
function groupPeakMb(pgid: number): number {
  let peak = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold blanks) start at `) `: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      peak = Math.max(peak, Number(hwm ?? 0) / 1024);
    } catch {
      // The process ended while it was read.
    }
  }
  return Math.round(peak);
}

/**
 * How long `npm run dev` takes to show a content edit: the page of one item is fetched, its
 * title changed on disk, and the page fetched again until it shows the new title. Median of `runs`;
 * and the dev server's peak memory (its largest process) by then.
 */
export async function devLatency(specDir: string, area: string, id: string, runs = 3): Promise<{ startS: number; editMs: number; peakMb: number }> {
  const dir = `${specDir}-dev`;
  rmSync(dir, { recursive: true, force: true });
  cpSync(specDir, dir, { recursive: true });
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npx', ['astro', 'dev', '--port', String(port), '--host', '127.0.0.1'], { env: { ...process.env, SPEC_DIR: dir, ASTRO_TELEMETRY_DISABLED: '1' }, stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}/${area}/${id}/`;
  const page = () => fetch(url).then((r) => r.text(), () => '');
  try {
    for (let i = 0; i < 1200 && !(await page()).includes('<h1'); i++) await sleep(250);
    const startS = (performance.now() - started) / 1000;
    const file = join(dir, area, `${id}.yaml`);
    const original = readFileSync(file, 'utf8');
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const marker = `Edited ${r} ${Date.now()}`;
      const t = performance.now();
      writeFileSync(file, /^title: /m.test(original) ? original.replace(/^title: .*$/m, `title: ${marker}`) : `${original}title: ${marker}\n`);
      while (!(await page()).includes(marker)) {
        if (performance.now() - t > 120_000) throw new Error('the edit never reached the page');
        await sleep(20);
      }
      times.push(performance.now() - t);
    }
    return { peakMb: child.pid ? groupPeakMb(child.pid) : NaN, startS: Math.round(startS * 10) / 10, editMs: Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? NaN) };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
