/** A response that never ends: 64 KiB of spaces at a time, as fast as the client reads, until it hangs up. */
import type { ServerResponse } from 'node:http';

export function sendEndlessBody(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', pump);
  };
  pump();
}
