// Run before the tests: the browser tests need Chromium. Where it is missing on Debian or Ubuntu,
// install it with apt-get (as root, or through sudo); elsewhere say what to do and let the tests fail.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!existsSync(path)) {
  if (has('apt-get')) {
    const root = process.getuid?.() === 0;
    const prefix = root ? [] : has('sudo') ? ['sudo'] : undefined;
    if (prefix) {
      console.log(`Chromium is missing at ${path}; installing Debian's chromium for the browser tests...`);
      const run = (args: string[]) => {
        const [command = 'apt-get', ...rest] = [...prefix, ...args];
        execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      };
      run(['apt-get', 'update', '-qq']);
      run(['apt-get', 'install', '-y', '-qq', 'chromium']);
    }
  }
  if (!existsSync(path)) {
    console.error(`No Chromium at ${path}. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH; the browser tests will fail without it.`);
  }
}
