/**
 * Where the MCP server reads the directory: the HTTP API at a base URL (any mirror), or a local
 * artifact directory (`dist/`, as `npm run build` writes it). Both go through the client package,
 * so lookups, revalidation and the cost engine are the same code; for a directory the client's
 * fetch is replaced by one that reads the artifact's files (with ETags, so repeated reads are 304s).
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type DirectoryClient } from '../../packages/client/src/index.ts';
import { noteStale } from './staleness.ts';

export type DirectorySource = { kind: 'url'; baseUrl: string } | { kind: 'artifact'; dir: string };

const ARTIFACT_ORIGIN = 'http://artifact.invalid';

/** A fetch over an artifact directory: GET /api/<path> reads <dir>/api/<path>; only files under <dir>/api/. */
export function artifactFetch(dir: string): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const root = await realpath(dir);
    const file = path.join(root, decodeURIComponent(url.pathname));
    const apiRoot = path.join(root, 'api') + path.sep;
    const notFound = () =>
      new Response(JSON.stringify({ error: { status: 404, message: `Not found: ${url.pathname}` } }), { status: 404 });
    if (!file.startsWith(apiRoot)) return notFound();
    try {
      const [body, info] = await Promise.all([readFile(file), stat(file)]);
      return new Response(new Uint8Array(body), {
        status: 200,
        headers: { etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` },
      });
    } catch {
      return notFound();
    }
  };
}

export function clientFor(source: DirectorySource): DirectoryClient {
  return source.kind === 'url'
    ? // When the API cannot be reached, answer from the last good copy and say so (staleness.ts).
      createClient({ baseUrl: source.baseUrl, validate: true, staleIfError: true, onStale: noteStale })
    : createClient({ baseUrl: ARTIFACT_ORIGIN, fetch: artifactFetch(source.dir), validate: true });
}

/** How the source is named in answers: the base URL, or the artifact directory. */
export function describeSource(source: DirectorySource): string {
  return source.kind === 'url' ? source.baseUrl : `artifact directory ${source.dir}`;
}

/** The URL to cite for a document: absolute for a URL source, the API path for an artifact. */
export function citeUrl(source: DirectorySource, client: DirectoryClient, apiPath: string): string {
  return source.kind === 'url' ? client.url(apiPath) : `/api/${apiPath}`;
}
