// A stand-in for the site's build in the preview tests (the real build is the site tests'), run by
// a test repository's package.json (`"build": "node <this file> main"`): records whose build ran
// (its first argument: the default branch's package.json says `main`; a fork's hostile one would
// say something else), what the build step was given (whether any token reached it, SPEC_DIR,
// SPEC_COMPARE, SITE_URL, BASE_PATH), the spec files it found in SPEC_DIR and whether git has the
// commit SPEC_COMPARE names (what comparison mode reads), as a JSON line in $RECORD_FILE; and writes
// a small site into dist/ that says so, with a Changes page and an `_astro/` folder as Astro's has.
import { execFileSync } from 'node:child_process';
import { appendFileSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = process.env.RECORD_FILE;
if (!file) throw new Error('RECORD_FILE is not set');
const whose = process.argv[2] ?? 'unknown';
const tokens = Object.keys(process.env).filter((k) => /TOKEN/.test(k) && k !== 'ACTIONS_RUNTIME_TOKEN');
const specDir = process.env.SPEC_DIR ?? null;
const specFiles = specDir === null ? [] : readdirSync(specDir, { recursive: true, encoding: 'utf8' }).filter((p) => lstatSync(join(specDir, p)).isFile()).sort();
let compareReadable = false;
try {
  execFileSync('git', ['cat-file', '-e', `${process.env.SPEC_COMPARE}^{commit}`], { stdio: 'ignore' });
  compareReadable = true;
} catch {}
const seen = { whose, tokens, tokenValues: tokens.map((k) => process.env[k]), specDir, specFiles, compare: process.env.SPEC_COMPARE ?? null, compareReadable, site: process.env.SITE_URL ?? null, base: process.env.BASE_PATH ?? null };
appendFileSync(file, `${JSON.stringify(seen)}\n`);
mkdirSync('dist/changes', { recursive: true });
mkdirSync('dist/_astro', { recursive: true });
writeFileSync('dist/index.html', `<!doctype html><title>Preview</title><p>built by ${whose} from ${specFiles.join(', ')} compared with ${seen.compare} at ${seen.site}${seen.base}</p>\n`);
writeFileSync('dist/changes/index.html', `<!doctype html><title>Changes</title><p>changes since ${seen.compare}</p>\n`);
writeFileSync('dist/_astro/site.css', 'body { margin: 0 }\n');
