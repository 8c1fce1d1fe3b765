/**
 * The folder layout is the architecture: .dependency-cruiser.cjs lists, for each folder of src/,
 * the folders it may import from. These tests run those rules on the real tree (no violation)
 * and on a small broken tree, so the check is known to catch what it is for.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';

const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};

async function violations(baseDir: string): Promise<string[]> {
  const result = await cruise(['src'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('architecture', () => {
  it('the source tree breaks no dependency rule: no cycles, every import in its documented direction', async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  it('the rules catch a cycle, an import against the direction and an undeclared folder', async () => {
    const found = await violations(path.join(ROOT, 'test/fixtures/architecture'));
    expect(found).toEqual(
      expect.arrayContaining([
        'no-circular: src/compile/derive.ts -> src/server/serve.ts',
        'server-imports-only-fs-schema-artifact: src/server/serve.ts -> src/compile/derive.ts',
        'compile-imports-only-fs-schema-cost-artifact: src/compile/derive.ts -> src/server/serve.ts',
        expect.stringMatching(/^no-unknown-folder: src\/stray\/helper\.ts/),
      ]),
    );
  });
});
