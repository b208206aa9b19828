// Run before the tests: the browser tests need Chromium, and the code-sample tests run samples
// under Ruby and PHP with Guzzle (bash, curl, Node and Python are on the machine already). Where one is missing
// on Debian or Ubuntu, install it with apt-get (as root, or through sudo); elsewhere say what to do
// and let the tests that need it fail (they never skip).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', cmd], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Each tool the tests need: whether it is here, and the Debian package that brings it. */
const tools = [
  { name: 'Chromium', here: () => existsSync(chromium), pkg: 'chromium', hint: `No Chromium at ${chromium}. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH; the browser tests will fail without it.` },
  { name: 'Python requests', here: () => { try { execFileSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }); return true; } catch { return false; } }, pkg: 'python3-requests', hint: 'No Python with requests (python3 -c "import requests" fails). Install it (Debian/Ubuntu: apt-get install python3-requests); the code-sample tests will fail without it.' },
  { name: 'PyYAML', here: () => { try { execFileSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }); return true; } catch { return false; } }, pkg: 'python3-yaml', hint: 'No Python with PyYAML (python3 -c "import yaml" fails). Install it (Debian/Ubuntu: apt-get install python3-yaml); the interchange tests read exported YAML with a YAML 1.1 reader and will fail without it.' },
  { name: 'Ruby', here: () => has('ruby'), pkg: 'ruby', hint: 'No ruby on PATH. Install it (Debian/Ubuntu: apt-get install ruby); the code-sample tests will fail without it.' },
  { name: 'PHP', here: () => has('php'), pkg: 'php-cli', hint: 'No php on PATH. Install it (Debian/Ubuntu: apt-get install php-cli); the code-sample tests will fail without it.' },
  { name: 'Guzzle', here: () => existsSync('/usr/share/php/GuzzleHttp/autoload.php'), pkg: 'php-guzzlehttp-guzzle', hint: "No Guzzle at /usr/share/php/GuzzleHttp. Install it (Debian/Ubuntu: apt-get install php-guzzlehttp-guzzle); the PHP code-sample tests will fail without it." },
];

const missing = tools.filter((t) => !t.here());
if (missing.length > 0 && has('apt-get')) {
  const root = process.getuid?.() === 0;
  const prefix = root ? [] : has('sudo') ? ['sudo'] : undefined;
  if (prefix) {
    console.log(`Installing Debian's ${missing.map((t) => t.pkg).join(', ')} for the tests (${missing.map((t) => t.name).join(', ')} missing)...`);
    const run = (args: string[]) => {
      const [command = 'apt-get', ...rest] = [...prefix, ...args];
      execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    };
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', ...missing.map((t) => t.pkg)]);
  }
}
for (const t of tools) if (!t.here()) console.error(t.hint);
