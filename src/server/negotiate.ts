/** Content-coding negotiation (RFC 9110 section 12.5.3) over the encodings the artifact ships. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Preference on equal q: the smallest body first. */
const SERVER_ORDER: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * The weight of identity when the header neither names it nor has "*": still acceptable (RFC 9110
 * 12.5.3), but below any q-value a client can send (three decimals at most), so a client that names
 * only codings we have, at whatever q, gets the smaller body.
 */
const UNNAMED_IDENTITY = 0.0001;

const cache = new Map<string, Coding | null>();
const CACHE_LIMIT = 256;

function parse(header: string, available: ReadonlySet<Coding>): Coding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const star = weights.get('*');
  const weightOf = (coding: Coding): number => {
    const explicit = weights.get(coding);
    if (explicit !== undefined) return explicit;
    if (star !== undefined) return star;
    // identity stays acceptable unless refused explicitly or by "*;q=0" (RFC 9110 12.5.3)
    return coding === 'identity' ? UNNAMED_IDENTITY : 0;
  };
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of SERVER_ORDER) {
    if (!available.has(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

const ALL: ReadonlySet<Coding> = new Set(SERVER_ORDER);
const IDENTITY_ONLY: ReadonlySet<Coding> = new Set<Coding>(['identity']);

/**
 * Picks the representation to send, or null when the client refuses every one we have (406).
 * Results are memoised per header value: clients send a handful of distinct headers.
 */
export function negotiateEncoding(header: string | undefined, compressed: boolean): Coding | null {
  if (header === undefined) return 'identity';
  const key = compressed ? header : `\u0000${header}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const result = parse(header, compressed ? ALL : IDENTITY_ONLY);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}
