/**
 * /api/openapi.json as served: Redocly's recommended ruleset finds nothing (zero errors, zero
 * warnings), every path the artifact serves is described, with GET, HEAD and OPTIONS and every
 * status the server sends, and the named component schemas a client generator relies on exist.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildOpenApi } from '../../src/schema/openapi.ts';
import { withHistoryOpenApi } from '../../src/history/history-files.ts';
import { httpRequest } from '../support/http.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

type Operation = { operationId: string; summary: string; responses: Record<string, unknown> };
type PathItem = Record<string, Operation | unknown>;
interface OpenApi {
  servers: { url: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, unknown>;
    headers: Record<string, unknown>;
    responses: Record<string, { headers?: Record<string, unknown> }>;
  };
}

const distPath = () => inject('distPath');

/** A declared response, inline or by reference to components.responses. */
type Declared = { $ref?: string; headers?: Record<string, unknown> };
/** Headers HTTP itself adds to every response, which an API document does not declare (Content-Type is the content's). */
const HTTP_ITSELF = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-type']);
const served = (): OpenApi => JSON.parse(readFileSync(path.join(distPath(), 'api', 'openapi.json'), 'utf8')) as OpenApi;

function redoclyLint(document: unknown): {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acmd-redocly-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
      'bin',
      'cli.js',
    );
    const result = spawnSync(process.execPath, [cli, 'lint', file, '--format=json'], {
      cwd: dir, // no redocly.yaml there: the built-in recommended ruleset
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const start = result.stdout.indexOf('{');
    if (start === -1) throw new Error(`redocly printed no report (exit ${result.status}): ${result.stderr}`);
    return JSON.parse(result.stdout.slice(start));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The OpenAPI path template that describes a served URL path, if any. */
function describedBy(paths: string[], urlPath: string): string | undefined {
  return paths.find((template) =>
    new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(urlPath),
  );
}

describe('OpenAPI document', () => {
  it('passes `redocly lint` (recommended ruleset) with zero errors and zero warnings', () => {
    const report = redoclyLint(served());
    const summary = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(summary).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('also passes with an absolute public base URL in servers', () => {
    const document = withHistoryOpenApi(buildOpenApi({ baseUrl: 'https://models.example.test' })) as unknown as OpenApi;
    expect(document.servers[0]!.url).toBe('https://models.example.test');
    expect(redoclyLint(document).totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('describes every path the artifact serves, and the page at /', () => {
    const document = served();
    const manifest = JSON.parse(readFileSync(path.join(distPath(), 'artifact.json'), 'utf8')) as {
      files: Record<string, unknown>;
    };
    const templates = Object.keys(document.paths);
    const servedPaths = Object.keys(manifest.files).filter((p) => p.startsWith('/api/'));
    expect(servedPaths.length).toBeGreaterThan(20);
    for (const urlPath of servedPaths) expect(describedBy(templates, urlPath), urlPath).toBeDefined();
    expect(document.paths['/']).toBeDefined();
    const page = (
      document.paths['/'] as Record<
        string,
        Operation & { responses: Record<string, { content?: Record<string, unknown> }> }
      >
    ).get!;
    expect(Object.keys(page.responses['200']!.content!)).toEqual(['text/html']);
    expect(document.paths['/api']).toBeDefined();
  });

  it('has GET, HEAD and OPTIONS on every path, and every status the server sends', () => {
    const { paths } = served();
    for (const [template, item] of Object.entries(paths)) {
      const { get, head, options } = item as Record<string, Operation>;
      expect(get && head && options, template).toBeTruthy();
      for (const status of ['200', '304', '400', '405', '406', '408', '413', '417', '431']) {
        expect(get!.responses, `${template} GET ${status}`).toHaveProperty(status);
        expect(head!.responses, `${template} HEAD ${status}`).toHaveProperty(status);
      }
      expect(options!.responses).toHaveProperty('204');
      if (template.includes('{')) expect(get!.responses, `${template} 404`).toHaveProperty('404');
    }
  });

  it('documents ETag, Last-Modified, Cache-Control, Vary and CORS headers on 200 and 304', () => {
    const { paths, components } = served();
    const get = (
      paths['/api/tools.json'] as Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
    ).get!;
    const expected = [
      'ETag',
      'Last-Modified',
      'Cache-Control',
      'Vary',
      'Access-Control-Allow-Origin',
      'Access-Control-Expose-Headers',
    ];
    expect(Object.keys(get.responses['200']!.headers!)).toEqual(expect.arrayContaining(expected));
    expect(Object.keys(components.responses.NotModified!.headers!)).toEqual(expect.arrayContaining(expected));
    expect(Object.keys(components.responses.MethodNotAllowed!.headers!)).toContain('Allow');
  });

  it('names the component schemas', () => {
    const { schemas } = served().components;
    for (const name of [
      'Tool',
      'BenchmarkModel',
      'BenchmarkSource',
      'ScoreDetail',
      'Provider',
      'Category',
      'Platform',
      'UseCase',
      'ToolsDocument',
      'FreshnessDocument',
      'Release',
      'Change',
      'ChangesDocument',
      'PriceHistoryDocument',
      'ErrorDocument',
      'IndexDocument',
    ])
      expect(schemas, name).toHaveProperty(name);
    // Documents refer to the named element schemas instead of inlining them.
    expect(JSON.stringify(schemas.ToolsDocument)).toContain('"$ref":"#/components/schemas/Tool"');
    // Tolerant, like the published JSON Schemas: the API only ever adds fields.
    expect(JSON.stringify(schemas)).not.toContain('"additionalProperties":false');
  });

  describe('matches what the server sends', () => {
    let target: Target;
    beforeAll(async () => {
      target = await startNodeTarget(distPath());
    });
    afterAll(async () => {
      await target?.stop();
    });

    it('every status and header it sends on the documented paths is documented', async () => {
      const { paths } = served();
      const responsesOf = (template: string, method: string) =>
        (paths[template] as Record<string, Operation>)[method]!.responses;
      const tools = await httpRequest(`${target.baseUrl}/api/tools.json`, { headers: { 'accept-encoding': 'br' } });
      expect(responsesOf('/api/tools.json', 'get')).toHaveProperty(String(tools.status));
      for (const name of ['etag', 'last-modified', 'cache-control', 'vary', 'access-control-allow-origin'])
        expect(tools.headers[name], name).toBeDefined();
      const etag = String(tools.headers.etag);
      const checks: [string, string, Record<string, string>, string, string][] = [
        ['/api/tools.json', 'GET', { 'if-none-match': etag, 'accept-encoding': 'br' }, '/api/tools.json', 'get'],
        ['/api/tools.json', 'HEAD', {}, '/api/tools.json', 'head'],
        [
          '/api/tools.json',
          'OPTIONS',
          { origin: 'https://example.test', 'access-control-request-method': 'GET' },
          '/api/tools.json',
          'options',
        ],
        ['/api/tools.json', 'POST', {}, '/api/tools.json', 'get'],
        ['/api/tools.json', 'GET', { 'accept-encoding': 'identity;q=0' }, '/api/tools.json', 'get'],
        ['/api/v/1999-01-01/tools.json', 'GET', {}, '/api/v/{release}/{document}', 'get'],
        ['/api/schemas/tools.schema.json', 'GET', {}, '/api/schemas/{schema}', 'get'],
        ['/', 'GET', {}, '/', 'get'],
        ['/api/tools.json', 'GET', { 'x-padding': 'x'.repeat(20_000) }, '/api/tools.json', 'get'],
        ['/api/tools.json', 'GET', { expect: 'something-else' }, '/api/tools.json', 'get'],
        ['/api/tools.json', 'GET', { 'transfer-encoding': 'gzip' }, '/api/tools.json', 'get'],
        ['/api/tools.json', 'GET', { 'content-length': '2048' }, '/api/tools.json', 'get'],
      ];
      const statuses = new Set<number>();
      for (const [urlPath, method, headers, template, operation] of checks) {
        const response = await httpRequest(`${target.baseUrl}${urlPath}`, { method, headers });
        statuses.add(response.status);
        expect(responsesOf(template, operation), `${method} ${urlPath} -> ${response.status}`).toHaveProperty(
          String(response.status),
        );
        // Every header it sends is declared on that status (what HTTP itself adds aside).
        const declared = (responsesOf(template, operation)[String(response.status)] as Declared | undefined) ?? {};
        const resolved = declared.$ref ? served().components.responses[declared.$ref.split('/').pop()!]! : declared;
        const names = new Set(Object.keys(resolved.headers ?? {}).map((name) => name.toLowerCase()));
        const sent = Object.keys(response.headers).filter((name) => !HTTP_ITSELF.has(name));
        expect(
          sent.filter((name) => !names.has(name)),
          `${method} ${urlPath} -> ${response.status}`,
        ).toEqual([]);
      }
      expect([...statuses].sort()).toEqual([200, 204, 304, 400, 404, 405, 406, 413, 417, 431]);
    });
  });
});
