/**
 * What other people's tools say of the published contracts (issue 36 items 4 and 7), run as a new user
 * would run them, with npx from the npm registry (pinned versions, so a new release of a checker cannot
 * turn the suite red by itself):
 * - the MCP Inspector's command line lists the MCP server's tools with `--strict`, its schema
 *   portability check: 0 errors and 0 warnings over every input and output schema;
 * - Spectral's `oas` ruleset lints the OpenAPI document as the server sends it: 0 problems of any
 *   severity.
 * Slow (each checker is fetched and installed on first use), so in the slow suite.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

const run = promisify(execFile);
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const SPECTRAL = '@stoplight/spectral-cli@6.16.3';
const QUIET_NPM = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
const tsx = createRequire(import.meta.url).resolve('tsx');

interface Finding {
  rule: string;
  severity: string;
  schema: string;
  path: string;
  issue: string;
}

describe('third-party checkers, run with npx against what the project publishes', () => {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'acmd-checkers-'));
  let target: Target;

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
  });
  afterAll(async () => {
    await target?.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  it("the MCP Inspector's --strict schema portability check finds nothing in any tool's input or output schema", async () => {
    const server = [
      process.execPath,
      '--import',
      tsx,
      path.join(ROOT, 'src', 'cli', 'mcp.ts'),
      '--dist',
      inject('distPath'),
    ];
    const { stdout, stderr } = await run(
      'npx',
      ['-y', INSPECTOR, '--cli', '--method', 'tools/list', '--strict', '--format', 'json', '--', ...server],
      { cwd: temp, env: { ...process.env, ...QUIET_NPM }, maxBuffer: 64 * 1024 * 1024, timeout: 400_000 },
    );
    const envelope = JSON.parse(stdout) as {
      result: { tools: { name: string }[] };
      schemaFindings?: { toolName: string; findings: Finding[] }[];
    };
    // The check ran over the seven tools; with --strict it lists every finding, and there are none.
    expect(envelope.result.tools.map((t) => t.name)).toHaveLength(7);
    expect(envelope.schemaFindings ?? [], stderr).toEqual([]);
    expect(stderr).not.toMatch(/warning|error/i);
  });

  it("Spectral's oas ruleset reports nothing in the OpenAPI document the server sends", async () => {
    const document = path.join(temp, 'openapi.json');
    writeFileSync(document, await (await fetch(`${target.baseUrl}/api/openapi.json`)).text());
    const ruleset = path.join(temp, '.spectral.yaml');
    writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
    const { stdout } = await run(
      'npx',
      ['-y', SPECTRAL, 'lint', document, '--ruleset', ruleset, '--format', 'json', '--fail-severity', 'hint'],
      { cwd: temp, env: { ...process.env, ...QUIET_NPM }, maxBuffer: 64 * 1024 * 1024, timeout: 400_000 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      // A finding exits non-zero: show what Spectral said instead of only the exit status.
      return { stdout: error.stdout ?? '', stderr: error.stderr ?? '' };
    });
    // With nothing found, Spectral follows the empty JSON array with a sentence saying so, on the same stream.
    const problems = JSON.parse(stdout.replace(/No results with a severity of[^\n]*\s*$/, '')) as {
      code: string;
      message: string;
      path: string[];
    }[];
    expect(problems.map((p) => `${p.code} at ${p.path.join('.')}: ${p.message}`)).toEqual([]);
  });
});
