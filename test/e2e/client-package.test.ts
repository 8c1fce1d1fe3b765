/**
 * The client package as a package: `npm pack` ships only the files it needs, and the packed tarball
 * works standalone (installed into an empty project, its declarations type-check without Node types,
 * its exports and its bin run). Slow: packing runs the package build (two compiler passes).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheckConsumer } from '../support/consumer-typecheck.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { withPackLock } from '../support/pack-lock.ts';

const execFileAsync = promisify(execFile);
const packageDir = path.join(ROOT, 'packages', 'client');

describe('the package', () => {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'acmd-client-pack-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  // Asynchronous: `npm pack` runs the package build (two compiler passes), and a synchronous child of that
  // length would block the test worker's reports to vitest ("Timeout calling onTaskUpdate").
  const npm = async (args: string[], cwd: string) =>
    (
      await withPackLock(() =>
        execFileAsync('npm', args, {
          cwd,
          encoding: 'utf8',
          env: {
            ...process.env,
            npm_config_update_notifier: 'false',
            npm_config_fund: 'false',
            npm_config_audit: 'false',
          },
        }),
      )
    ).stdout;

  it('`npm pack --dry-run` ships only the compiled client (ESM and CommonJS), the compiled cost engine, refit and calendar rules, LICENSE, README and package.json', async () => {
    const [report] = JSON.parse(await npm(['pack', '--dry-run', '--json', '--ignore-scripts=false'], packageDir)) as [
      { files: { path: string }[] },
    ];
    const files = report.files.map((f) => f.path).sort();
    const client = [
      'changes',
      'client',
      'errors',
      'format',
      'index',
      'query',
      'release-documents',
      'resolve',
      'store',
      'task-cost',
      'types.generated',
      'validate',
    ].flatMap((m) => [`dist/packages/client/src/${m}.js`, `dist/packages/client/src/${m}.d.ts`]);
    // The CLI ships as JavaScript only: the bin and every module under cli/ (one file per command). format.ts is
    // the library's too (printable), so it ships with its types.
    const cliModules = readdirSync(path.join(packageDir, 'src', 'cli'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `cli/${f.replace(/\.ts$/, '')}`);
    // The CLI prints statuses, change kinds and fields in the page's words, so it ships those too (JavaScript only).
    const cli = [
      ...['cli', ...cliModules].map((m) => `dist/packages/client/src/${m}.js`),
      'dist/src/schema/change-words.js',
    ];
    const cost = readdirSync(path.join(ROOT, 'src', 'cost'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [`dist/src/cost/${f.replace(/\.ts$/, '.js')}`, `dist/src/cost/${f.replace(/\.ts$/, '.d.ts')}`]);
    // The dependency-free rules the client shares with the server: which changes are refitted estimates, and
    // what a day and a month are (the schema's own calendar rules).
    const refit = ['refit', 'calendar'].flatMap((m) => [`dist/src/schema/${m}.js`, `dist/src/schema/${m}.d.ts`]);
    // The CommonJS build (for require()) holds the library, the cost engine and those rules, not the CLI.
    const cjs = [...client, ...cost, ...refit].map((f) => f.replace(/^dist\//, 'dist/cjs/'));
    expect(files).toEqual(
      [
        ...client,
        ...cli,
        ...cost,
        ...refit,
        ...cjs,
        'dist/cjs/package.json',
        'LICENSE',
        'README.md',
        'package.json',
      ].sort(),
    );
  }, 300_000);

  it('installs from its tarball into an empty project and works there: imports, types without @types/node, bin', async () => {
    const tarball = (await npm(['pack', '--pack-destination', temp], packageDir)).trim().split('\n').pop()!;
    const project = path.join(temp, 'consumer');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await npm(['install', '--offline', '--no-package-lock', path.join(temp, tarball)], project);
    const manifest = JSON.parse(
      readFileSync(path.join(project, 'node_modules', '@ai-coding-models', 'client', 'package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import * as c from '@ai-coding-models/client'; console.log(typeof c.createClient, typeof c.costOf, typeof c.engineCostOf, typeof c.rankTools, c.DEFAULT_BASE_URL)",
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^function function function function https?:\/\//);
    // A browser-style consumer: DOM lib, no Node types.
    const consumer =
      "import { createClient, costOf, type Tool, type RankedTool } from '@ai-coding-models/client';\nexport async function cheapest(): Promise<RankedTool[]> { const c = createClient(); const t: Tool = await c.findTool('gpt-5.4'); costOf(t, { input: 1000, output: 10 }); return c.rank({ input: 1, output: 1 }); }\n";
    expect(typecheckConsumer(project, 'main.ts', consumer, { lib: ['ES2022', 'DOM'] })).toBe('');
    const bin = spawnSync(path.join(project, 'node_modules', '.bin', 'ai-coding-models'), ['--version'], {
      encoding: 'utf8',
    });
    expect(bin.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version);
  }, 300_000);
});
