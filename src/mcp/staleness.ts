/**
 * When the API cannot be reached, the MCP server answers from the last good copy of each document it read
 * (the client's staleIfError) and says so in that answer: which documents, how old, and why, in words rather
 * than a socket's error code. The copies an answer used are collected per tool call (AsyncLocalStorage), since
 * an agent may have several calls in flight.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type DirectoryError, NetworkError, type StaleAnswer } from '../../packages/client/src/index.ts';

/** One document an answer took from the last good copy. */
export interface StaleCopy {
  document: string;
  fetchedAt: string;
  ageSeconds: number;
  reason: string;
}

const calls = new AsyncLocalStorage<StaleCopy[]>();

/** For ClientOptions.onStale: notes the copy in the tool call that asked for it. */
export function noteStale({ url, storedAt, error }: StaleAnswer, now = Date.now()): void {
  calls.getStore()?.push({
    document: url,
    fetchedAt: new Date(storedAt).toISOString(),
    ageSeconds: Math.max(0, Math.round((now - storedAt) / 1000)),
    reason: unreachable(error),
  });
}

/** Runs one tool call, returning what it answered and the stale copies it answered from. */
export async function withStaleness<T>(body: () => Promise<T>): Promise<{ value: T; stale: StaleCopy[] }> {
  const stale: StaleCopy[] = [];
  const value = await calls.run(stale, body);
  return { value, stale };
}

const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name did not resolve',
  EAI_AGAIN: 'the host name could not be resolved just now',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection closed before an answer',
};

/** Why a request got no usable answer, in words: never the raw system error. */
export function unreachable(error: DirectoryError): string {
  if (error instanceof NetworkError) {
    if (error.timedOut) return 'it gave no answer in time';
    return (error.code && SYSTEM_CODES[error.code]) || 'it could not be reached';
  }
  const status = (error as { status?: number }).status;
  return status ? `it answered HTTP ${status}` : 'it did not answer usably';
}

/** The line an answer's text starts with when it used stale copies. */
export function staleSummary(stale: readonly StaleCopy[]): string {
  const oldest = Math.max(...stale.map((copy) => copy.ageSeconds));
  return `The directory API could not be used (${stale[0]!.reason}): answered from the last good copy of ${stale.length} document(s), fetched up to ${oldest} s ago (see dataSource.stale).`;
}
