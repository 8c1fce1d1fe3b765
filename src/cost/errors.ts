/**
 * Thrown for a call that cannot mean anything (negative tokens, an instant without a zone) or for
 * pricing data the rules cannot be applied to (tiers out of order, an unknown semantics). A
 * request that is merely unpriceable is not an error: it comes back as kind `unpriced`.
 */
export type CostErrorCode = 'invalid-usage' | 'invalid-instant' | 'invalid-date' | 'invalid-data' | 'invalid-platform';

export class CostError extends Error {
  readonly code: CostErrorCode;

  constructor(code: CostErrorCode, message: string) {
    super(message);
    this.name = 'CostError';
    this.code = code;
  }
}
