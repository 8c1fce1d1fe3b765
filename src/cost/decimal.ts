/**
 * Exact decimal arithmetic for prices. A rate such as 0.144656 USD per 1M tokens times a token
 * count is an exact decimal number of micro-dollars; binary floating point would put a
 * half-micro-dollar on either side of the rounding line depending on how it was multiplied, and
 * two correct implementations would then disagree. BigInt keeps it exact and exists in every
 * current browser and Node.
 */

/** value = m / 10^e, m >= 0 */
export interface Decimal {
  m: bigint;
  e: number;
}

/** The decimal a person reads in the number's shortest round-trip form ("0.1", not 0.1000000000000000055...). */
export function decimalOf(value: number): Decimal {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`expected a finite number >= 0, got ${value}`);
  const [mantissa = '0', exponentText] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let m = BigInt(whole + fraction);
  let e = fraction.length - (exponentText ? Number(exponentText) : 0);
  if (e < 0) {
    m *= 10n ** BigInt(-e);
    e = 0;
  }
  return { m, e };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { m: a.m * b.m, e: a.e + b.e };
}

/** Nearest integer, halves rounded up (all amounts are >= 0). */
export function roundHalfUp(value: Decimal): bigint {
  const scale = 10n ** BigInt(value.e);
  const quotient = value.m / scale;
  return 2n * (value.m % scale) >= scale ? quotient + 1n : quotient;
}

export function toNumber(value: Decimal): number {
  if (value.e === 0) return Number(value.m);
  const digits = value.m.toString().padStart(value.e + 1, '0');
  return Number(`${digits.slice(0, -value.e)}.${digits.slice(-value.e)}`);
}
