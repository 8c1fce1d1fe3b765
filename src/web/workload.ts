/**
 * A workload in the address and in words, for the compare page: the build writes the default, the
 * browser script the one compare/?in=&out=&n= names, so both read the same. Pure, no I/O.
 */
import { DEFAULT_WORKLOAD, type Workload } from './calc.ts';
import { grouped } from './format.ts';

/** The counts the compare page lets a reader set, with their names in the address. */
export const WORKLOAD_PARAMS = [
  ['input', 'in'],
  ['output', 'out'],
  ['requests', 'n'],
] as const;

export function workloadWords(w: Pick<Workload, 'input' | 'output' | 'requests'>): string {
  return `A month of ${grouped(w.requests)} requests (${grouped(w.input)} in, ${grouped(w.output)} out per request)`;
}

/** The default workload with each count the address names as a whole number of 0 or more; anything else is ignored. */
export function workloadFrom(params: URLSearchParams): Workload {
  const w = { ...DEFAULT_WORKLOAD };
  for (const [key, name] of WORKLOAD_PARAMS) {
    const text = params.get(name);
    const value = Number(text);
    if (text !== null && text.trim() !== '' && Number.isSafeInteger(value) && value >= 0) w[key] = value;
  }
  return w;
}
