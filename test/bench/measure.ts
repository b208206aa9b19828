// How the benchmark runs and measures commands: wall time and peak resident memory of a process
// (`/usr/bin/time -f %M`) or of a whole process group (sampled from /proc), with or without network.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One command run to its end. */
export interface Run {
  ms: number;
  /** Peak resident memory, MB: of the process, or the sum over its process group. */
  mb: number;
  /** Of a process group: the peak of its largest process, MB. */
  largestMb?: number;
  /** Of a process group: CPU time (user and system) of the command and all it waited for, s. */
  cpuS?: number;
  status: number | null;
  /** The end of what it printed, for an error message. */
  out: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
export const round = (x: number, digits = 0): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** A command run as one process: wall time, and its peak RSS as `/usr/bin/time -f %M` reports it. */
export function timed(cmd: string, args: readonly string[], options: RunOptions = {}): Run {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', 'SPECBENCH_RSS_KB=%M', cmd, ...args], { ...options, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const ms = performance.now() - started;
  const kb = /SPECBENCH_RSS_KB=(\d+)\s*$/.exec(run.stderr)?.[1];
  return { ms, mb: Number(kb ?? NaN) / 1024, status: run.status, out: `${run.stdout}${run.stderr}`.slice(-4000) };
}

/** The processes of a process group: the resident memory of each now (VmRSS) and at its peak (VmHWM), MB. */
function groupMemory(pgid: number): { now: number; largestPeak: number } {
  let now = 0;
  let largestPeak = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command name (which may hold blanks and brackets) come state, ppid, pgrp.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      now += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      largestPeak = Math.max(largestPeak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // The process ended while it was read.
    }
  }
  return { now, largestPeak };
}

/**
 * Follows a process group's memory every `everyMs`: `peak()` gives the largest sum of its
 * processes' resident memory seen (never less than its largest process's high-water mark), and
 * the high-water mark of its largest process, MB.
 */
export function watchGroup(pgid: number, everyMs = 100): { peak: () => { group: number; largest: number }; stop: () => void } {
  let group = 0;
  let largest = 0;
  const sample = () => {
    const m = groupMemory(pgid);
    largest = Math.max(largest, m.largestPeak);
    group = Math.max(group, m.now, largest);
  };
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => {
      sample();
      return { group, largest };
    },
    stop: () => clearInterval(timer),
  };
}

/** Starts a command in a process group of its own (so that all it starts can be measured and ended together), keeping the end of what it prints. */
export function startGroup(cmd: string, args: readonly string[], options: RunOptions = {}): { child: ChildProcess; output: () => string } {
  const child = spawn(cmd, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => out };
}

/** Ends a process group started by `startGroup`: SIGTERM, then SIGKILL after `graceMs`; resolves once its leader has exited. */
export function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return resolve();
    const pgid = child.pid;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-pgid, name);
      } catch {
        // The group has already ended.
      }
    };
    const kill = setTimeout(() => signal('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    signal('SIGTERM');
  });
}

/** What `/usr/bin/time` prints last: the CPU time of the command and every process it waited for. */
const CPU_LINE = /SPECBENCH_CPU_S=([\d.]+) ([\d.]+)\s*$/;

/**
 * A command run to its end with all it starts: wall time, CPU time (user and system, of it and all
 * it waited for, as `/usr/bin/time` reports: less sensitive to a busy machine than wall time) and
 * the peak RSS of its process group (and of its largest process).
 */
export function timedGroup(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const { child, output } = startGroup('/usr/bin/time', ['-f', 'SPECBENCH_CPU_S=%U %S', cmd, ...args], options);
    if (child.pid === undefined) return reject(new Error(`could not start ${cmd}`));
    const watch = watchGroup(child.pid);
    child.on('error', reject);
    child.on('close', (status) => {
      const ms = performance.now() - started;
      const peak = watch.peak();
      watch.stop();
      const cpu = CPU_LINE.exec(output());
      resolve({ ms, mb: peak.group, largestMb: peak.largest, ...(cpu ? { cpuS: Number(cpu[1]) + Number(cpu[2]) } : {}), status, out: output() });
    });
  });
}

let offlineHere: boolean | undefined;

/** Whether commands can be run without network here (a network namespace of their own, holding nothing). */
export function canGoOffline(): boolean {
  offlineHere ??= spawnSync('unshare', ['-rn', 'true']).status === 0;
  return offlineHere;
}

/** The command run without network: in a network namespace of its own, holding nothing. */
export function offline(cmd: string, args: readonly string[]): [string, string[]] {
  return ['unshare', ['-rn', cmd, ...args]];
}
