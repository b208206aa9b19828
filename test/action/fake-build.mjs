// A stand-in for the site's build in the preview tests (the real build is the site's own tests'):
// records what the build step was given (whether any token reached it, SPEC_COMPARE, SITE_URL,
// BASE_PATH) as a JSON line in $RECORD_FILE, and writes a small site into dist/ that says so (and
// which commit it built), with
// a Changes page and an `_astro/` folder as Astro's would have.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';

const file = process.env.RECORD_FILE;
if (!file) throw new Error('RECORD_FILE is not set');
const tokens = Object.keys(process.env).filter((k) => /TOKEN/.test(k) && k !== 'ACTIONS_RUNTIME_TOKEN');
const seen = { tokens, tokenValues: tokens.map((k) => process.env[k]), compare: process.env.SPEC_COMPARE ?? null, site: process.env.SITE_URL ?? null, base: process.env.BASE_PATH ?? null };
appendFileSync(file, `${JSON.stringify(seen)}\n`);
mkdirSync('dist/changes', { recursive: true });
mkdirSync('dist/_astro', { recursive: true });
const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
writeFileSync('dist/index.html', `<!doctype html><title>Preview</title><p>${head} compared with ${seen.compare} at ${seen.site}${seen.base}</p>\n`);
writeFileSync('dist/changes/index.html', `<!doctype html><title>Changes</title><p>changes since ${seen.compare}</p>\n`);
writeFileSync('dist/_astro/site.css', 'body { margin: 0 }\n');
