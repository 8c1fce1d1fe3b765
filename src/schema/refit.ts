/**
 * What a `withinPreviousInterval` change means for a reader, in one place for every face of the
 * directory: the server's feed and page, the client and the MCP server. Dependency-free (the client
 * package ships this file as it ships the cost engine), so it takes the change by its shape.
 */

/** A score that moved inside the interval the previous release published for it: an estimate refitted on new results, not news. */
export function isRefit(change: { kind: string; withinPreviousInterval?: boolean }): boolean {
  return change.kind === 'score-changed' && change.withinPreviousInterval === true;
}

/** How every face counts the refits it does not list one by one. */
export function refitsPhrase(count: number): string {
  return `${count} estimated ${count === 1 ? 'score' : 'scores'} moved within the previous release's 80% interval`;
}
