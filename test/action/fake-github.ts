// A fake of the part of GitHub's REST API the Action's comment uses, on 127.0.0.1: who the token
// is, a pull request's comments page by page (with `Link` headers), creating and updating one, and
// a pull request itself (its state, head and base, which the preview's workflow checks). It
// records every request, refuses a body over GitHub's 65,536 characters as GitHub does (422), and
// can be told to refuse a post.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeComment {
  id: number;
  pr: number;
  body: string;
  user: { login: string; type: 'User' | 'Bot' };
}

const GITHUB_BODY_MAX = 65_536;

export class FakeGitHub {
  readonly requests: Recorded[] = [];
  readonly comments: FakeComment[] = [];
  /** The login `GET /user` answers; undefined answers 403 as GitHub does for a GITHUB_TOKEN. */
  tokenUser: string | undefined;
  /** Whose name a comment made with the token carries. */
  writesAs = 'github-actions[bot]';
  /** A status to answer every create and update with instead of doing it. */
  refuseWrites: number | undefined;
  /** Comments per page, whatever `per_page` asks (GitHub's pages are up to 100). */
  pageSize = 2;
  /** Pull requests `GET /repos/:owner/:name/pulls/:number` answers (the preview's check of which pull request a run built). */
  readonly pulls = new Map<number, { number: number; state: 'open' | 'closed'; head: { sha: string; repo: { full_name: string } }; base: { sha: string; ref: string } }>();
  readonly token = 'test-token-123';
  #server: Server | undefined;
  #nextId = 1000;
  url = '';

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => this.#answer(req, res, text));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.#server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A comment already on the pull request. */
  seed(pr: number, login: string, body: string): FakeComment {
    const comment: FakeComment = { id: this.#nextId++, pr, body, user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' } };
    this.comments.push(comment);
    return comment;
  }

  /** The requests that change something. */
  writes(): Recorded[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  #answer(req: IncomingMessage, res: ServerResponse, text: string): void {
    const url = new URL(req.url ?? '/', this.url);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    this.requests.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization, body });
    const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(data));
    };
    if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { message: 'Bad credentials' });
    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
    const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/user') {
      return this.tokenUser === undefined ? send(403, { message: 'Resource not accessible by integration', status: '403' }) : send(200, { login: this.tokenUser, type: 'User' });
    }
    const pull = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && pull) {
      const found = this.pulls.get(Number(pull[3]));
      return found ? send(200, found) : send(404, { message: 'Not Found' });
    }
    if (req.method === 'GET' && list) {
      const pr = Number(list[3]);
      const all = this.comments.filter((c) => c.pr === pr);
      const size = Math.min(this.pageSize, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(all.length / size));
      const link = (n: number, rel: string) => {
        const to = new URL(url);
        to.searchParams.set('page', String(n));
        return `<${to.href}>; rel="${rel}"`;
      };
      const links = [...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []), ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])];
      return send(200, all.slice((page - 1) * size, page * size).map(this.#shown), links.length > 0 ? { link: links.join(', ') } : {});
    }
    if ((req.method === 'POST' && list) || (req.method === 'PATCH' && one)) {
      const value = typeof body === 'object' && body !== null && 'body' in body ? body.body : undefined;
      if (this.refuseWrites !== undefined) return send(this.refuseWrites, { message: this.refuseWrites >= 500 ? 'Server Error' : 'Validation Failed' });
      if (typeof value !== 'string') return send(422, { message: 'Invalid request.' });
      if ([...value].length > GITHUB_BODY_MAX) {
        return send(422, { message: 'Validation Failed', errors: [{ resource: 'IssueComment', code: 'custom', field: 'body', message: `body is too long (maximum is ${GITHUB_BODY_MAX} characters)` }] });
      }
      if (list) {
        const comment = this.seed(Number(list[3]), this.tokenUser ?? this.writesAs, value);
        return send(201, this.#shown(comment));
      }
      const comment = this.comments.find((c) => c.id === Number(one?.[3]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = value;
      return send(200, this.#shown(comment));
    }
    return send(404, { message: 'Not Found' });
  }

  #shown = (c: FakeComment) => ({ id: c.id, body: c.body, user: c.user, html_url: `https://github.example/acme/orders/pull/${c.pr}#issuecomment-${c.id}` });
}
