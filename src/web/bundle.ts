/**
 * Bundles the browser script (src/web/browser/main.ts with the cost engine it imports) with
 * esbuild at build time. esbuild is a runtime dependency because the build, the refresh and a
 * first start without an artifact compose the page; serving a built artifact never loads it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface EsbuildLike {
  buildSync(options: Record<string, unknown>): { outputFiles?: { text: string }[] };
}

let cached: { entry: string; code: string } | undefined;

/** The entry point: the TypeScript source when run from src/, the compiled module when run from out/. */
function entryPoint(): string {
  for (const name of ['./browser/main.ts', './browser/main.js']) {
    const file = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('src/web/browser/main.ts is missing: the page script cannot be bundled');
}

export function browserBundle(): string {
  const entry = entryPoint();
  if (cached?.entry === entry) return cached.code;
  let esbuild: EsbuildLike;
  try {
    esbuild = createRequire(import.meta.url)('esbuild') as EsbuildLike;
  } catch {
    throw new Error('esbuild is needed to bundle the web page script: run `npm ci`');
  }
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const code = result.outputFiles?.[0]?.text;
  if (code === undefined) throw new Error('esbuild produced no output for the page script');
  cached = { entry, code };
  return code;
}
