/**
 * Links from a gap to the file that closes it, derived from the spec's edit URL (`edit_url` in
 * `specbench.yaml`, or `SPECBENCH_EDIT_URL`): the file at its line, the file in the editor, and for
 * a file that does not exist yet the host's new-file page with the file's text filled in.
 *
 * Only forms whose URLs are known are derived: GitHub (and GitHub Enterprise, any host with
 * GitHub's shape) gets all three; GitLab gets the file view and the editor (its new-file page
 * ignores the text it is given, so no "create" link claims to fill it in); any other edit URL gets
 * the editor link alone.
 */

import type { GapLinks, GapSource, SiteSources } from './views.ts';

/** What a gap can link to; `view` and `create` only where the host's URLs are known. */
export interface SourceLinks {
  host: 'github' | 'gitlab' | 'other';
  /** The file in the host's editor. */
  edit(file: string): string | undefined;
  /** The file in the host's file view, at a line. */
  view?(file: string, line: number): string | undefined;
  /** The host's new-file page with the file's name and text filled in. */
  create?(file: string, text: string): string | undefined;
}

/**
 * The links an edit URL allows; undefined without one. Files are paths inside the spec folder
 * (`endpoints/get-order.yaml`); a file with an empty, `.` or `..` segment gets no links, since a
 * browser would resolve those segments (even escaped) to another path.
 */
export function sourceLinks(editUrl: string | undefined): SourceLinks | undefined {
  if (editUrl === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(editUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const folder = url.pathname.replace(/\/?$/, '/');
  const plain = url.search === '' && url.hash === '';
  // GitLab: /group/subgroup/project/-/edit/<ref>/<path>/
  const gitlab = /^(\/(?:[^/]+\/)+)-\/edit\/(.+)$/.exec(folder);
  if (plain && gitlab) {
    const [, project = '', refPath = ''] = gitlab;
    const at = (kind: string) => `${url.origin}${project}-/${kind}/${refPath}`;
    return {
      host: 'gitlab',
      edit: (file) => withFile(at('edit'), file),
      view: (file, line) => withLine(withFile(at('blob'), file), line),
    };
  }
  // GitHub and GitHub Enterprise: /owner/repo/edit/<ref>/<path>/
  const github = /^(\/[^/]+\/[^/]+\/)edit\/(.+)$/.exec(folder);
  if (plain && github) {
    const [, repo = '', refPath = ''] = github;
    const at = (kind: string) => `${url.origin}${repo}${kind}/${refPath}`;
    return {
      host: 'github',
      edit: (file) => withFile(at('edit'), file),
      view: (file, line) => withLine(withFile(at('blob'), file), line),
      create: (file, text) => {
        const segments = fileSegments(file);
        if (!segments) return undefined;
        const name = segments.pop() ?? '';
        const dir = segments.map((s) => `${encodeURIComponent(s)}/`).join('');
        return `${at('new')}${dir}?filename=${encodeURIComponent(name)}&value=${encodeURIComponent(text)}`;
      },
    };
  }
  const base = url.href.endsWith('/') || !plain ? url.href : `${url.href}/`;
  return { host: 'other', edit: (file) => (plain ? withFile(base, file) : undefined) };
}

/** The file's segments, or undefined when one of them would move the URL elsewhere. */
function fileSegments(file: string): string[] | undefined {
  const segments = file.split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..') ? segments : undefined;
}

function withFile(folder: string, file: string): string | undefined {
  const segments = fileSegments(file);
  return segments && `${folder}${segments.map(encodeURIComponent).join('/')}`;
}

function withLine(url: string | undefined, line: number): string | undefined {
  return url && (Number.isSafeInteger(line) && line > 0 ? `${url}#L${line}` : url);
}

/**
 * A gap's links: its file at its line and in the editor, or, for a file that does not exist yet,
 * the new-file page filled in with exactly what `specbench new` writes there.
 */
export function gapLinks(links: SourceLinks, sources: SiteSources, source: GapSource, newFile: (specDir: string, file: string) => string | undefined): GapLinks {
  if (source.create) {
    const text = newFile(sources.specDir, source.file);
    const create = text === undefined ? undefined : links.create?.(source.file, text);
    return create === undefined ? {} : { create };
  }
  const view = links.view?.(source.file, source.line);
  const edit = links.edit(source.file);
  return { ...(view !== undefined ? { view } : {}), ...(edit !== undefined ? { edit } : {}) };
}

