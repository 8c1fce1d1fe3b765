/**
 * A prompt with a cache hit rate, as the cost engine's token classes: the share served from the cache billed as
 * cache reads, the rest as uncached input. Writing the cache is left to the reader to add (the calculator has a
 * field for it): how much a provider writes per request depends on how the prompt changes, which a rate cannot say.
 */

export interface PromptSplit {
  input: number;
  cacheRead: number;
}

/** `percent` is 0 to 100; anything outside is clamped, so a typo cannot make a negative token count. */
export function splitPrompt(prompt: number, percent: number): PromptSplit {
  const share = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0)) / 100;
  const cacheRead = Math.round(prompt * share);
  return { input: prompt - cacheRead, cacheRead };
}
