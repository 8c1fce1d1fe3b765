/**
 * The scoring's leave-one-out cross-validation is the slow part of a build (seconds) and
 * depends only on the benchmark results and series. It is cached in the state
 * directory under a hash of exactly those inputs, so a refresh that changes only prices
 * reuses it, and a change of any observation recomputes it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../artifact/artifact.ts';
import { crossValidationInput } from './derive/benchmark-validation.ts';
import type { SourceData } from './load.ts';
import type { CrossValidationResult } from './scoring/index.ts';
import { writeFileAtomic } from '../fs/durable.ts';
import { ROOT } from '../fs/paths.ts';

const RUNNING_DIR = path.dirname(fileURLToPath(import.meta.url));
/**
 * The code hashed: the TypeScript source where the checkout has it, whether it runs under tsx or compiled
 * (scripts/run.mjs compiles out/ whenever src/ is newer), so a test's build and the refresh command line it
 * starts share one cache entry; an installed package without src/ hashes the JavaScript it runs.
 */
const SOURCE_DIR = path.join(ROOT, 'src', 'compile');
const [COMPILE_DIR, EXT] = existsSync(SOURCE_DIR) ? [SOURCE_DIR, '.ts'] : [RUNNING_DIR, '.js'];
let codeHash: string | undefined;

/**
 * Hash of the code the cross-validation runs: every file of scoring/ and every
 * derive/benchmark*.ts (the pick rule, the reference series, the previous method), so a change
 * of the method never reuses an old result.
 */
function scoringCodeHash(): string {
  if (codeHash === undefined) {
    const scoring = path.join(COMPILE_DIR, 'scoring');
    const derive = path.join(COMPILE_DIR, 'derive');
    const files = [
      ...readdirSync(scoring)
        .filter((f) => f.endsWith(EXT))
        .map((f) => path.join(scoring, f)),
      ...readdirSync(derive)
        .filter((f) => f.startsWith('benchmark') && f.endsWith(EXT))
        .map((f) => path.join(derive, f)),
    ].sort();
    codeHash = sha256Hex(files.map((f) => `${path.basename(f)}\n${readFileSync(f, 'utf8')}`).join('\n'));
  }
  return codeHash;
}

/**
 * Hash of what the cross-validation reads (the chosen observations, the reference series it
 * holds values out of, and the previous method's observations) and of the code that computes it.
 */
export function crossValidationKey(source: SourceData): string {
  const input = crossValidationInput(
    source.series.data.series,
    source.results.map((r) => r.data),
  );
  return sha256Hex(JSON.stringify({ code: scoringCodeHash(), input })).slice(0, 32);
}

const fileFor = (stateDir: string, key: string) => path.join(stateDir, 'cv', `${key}.json`);

/** Numbers survive JSON except NaN (an empty CV); encode it as null. */
const revive = (_key: string, value: unknown) => (value === null ? Number.NaN : value);

export async function readCrossValidation(stateDir: string, key: string): Promise<CrossValidationResult | undefined> {
  try {
    return JSON.parse(await readFile(fileFor(stateDir, key), 'utf8'), revive) as CrossValidationResult;
  } catch {
    return undefined;
  }
}

export async function writeCrossValidation(
  stateDir: string,
  key: string,
  result: CrossValidationResult,
): Promise<void> {
  await writeFileAtomic(fileFor(stateDir, key), JSON.stringify(result));
}
