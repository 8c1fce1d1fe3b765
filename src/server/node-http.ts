/**
 * node:http and node:https, loaded through require(). An ESM import of a built-in module makes a named export of
 * each of its properties, and for node:http that reads its lazy WebSocket, CloseEvent and MessageEvent getters,
 * which load Node's whole WebSocket and fetch client: about 14 MB of resident memory in every server process
 * (6.8 MB of heap and 7.9 MB of the node binary's pages, Node 24.21, `import('node:http')` against require), for
 * classes the server never uses. require() leaves the getters unread. docs/performance.md has the figures.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const http: typeof import('node:http') = require('node:http');

/** node:https, for followers of an https origin only (it costs a few MB more to load). */
export function https(): typeof import('node:https') {
  return require('node:https');
}
