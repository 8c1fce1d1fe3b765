/**
 * /api/cost-vectors.json as the artifact publishes it (the dist the global setup builds): made
 * from the published tools and platforms, valid, listed, described, and served by the Node
 * server and nginx like every other document.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_CONTROL, JSON_CONTENT_TYPE } from '../../src/artifact/http-policy.ts';
import { buildCostVectors } from '../../src/cost/index.ts';
import { costVectorsDocument, type Documents } from '../../src/schema/api.ts';
import { httpRequest } from '../support/http.ts';
import { naiveCost } from '../support/naive-cost.ts';
import { findBrotliModule } from '../support/nginx.ts';
import { runnableTargets, startTarget, type Target } from '../support/targets.ts';

const dist = () => inject('distPath');
const read = <T>(urlPath: string): T => JSON.parse(readFileSync(path.join(dist(), urlPath), 'utf8')) as T;

describe('/api/cost-vectors.json in the artifact', () => {
  it('holds the vectors of the published tools and platforms at the dataset instant, valid against its schema', () => {
    const document = costVectorsDocument.parse(read('api/cost-vectors.json'));
    const tools = read<Documents['tools.json']>('api/tools.json');
    const platforms = read<Documents['platforms.json']>('api/platforms.json');
    expect(document.lastUpdated).toBe(tools.lastUpdated);
    expect(document.vectors).toEqual(buildCostVectors(tools.tools, platforms.platforms, tools.lastUpdated));
    expect(document.vectors.length).toBeGreaterThanOrEqual(200);
  });

  it('is reproduced by the naive implementation from the published Tool objects, to the micro-dollar', () => {
    const { vectors } = costVectorsDocument.parse(read('api/cost-vectors.json'));
    const tools = new Map(read<Documents['tools.json']>('api/tools.json').tools.map((t) => [t.id, t]));
    for (const v of vectors) {
      const naive = naiveCost(tools.get(v.toolId)!, v.usage, v.at, v.platform ?? undefined, [], v.requests);
      expect({ kind: naive.kind, usd: naive.usd }, v.id).toEqual({ kind: v.expectedKind, usd: v.expectedUsd });
    }
  });

  it('is listed in the index and has a tolerant and a strict JSON Schema and an OpenAPI path', () => {
    const index = read<{ endpoints: { path: string }[] }>('api/index.json');
    expect(index.endpoints.map((e) => e.path)).toContain('/api/cost-vectors.json');
    for (const name of ['cost-vectors.schema.json', 'cost-vectors.strict.schema.json'])
      expect(read<{ title: string }>(`api/schemas/${name}`).title).toMatch(/cost-vectors/);
    const openapi = read<{ paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }>(
      'api/openapi.json',
    );
    expect(openapi.paths['/api/cost-vectors.json']).toBeDefined();
    expect(openapi.components.schemas.CostVectorsDocument).toBeDefined();
  });

  it('gets the JSON content type and the latest-document cache policy from _headers, like the other documents', () => {
    const rules = readFileSync(path.join(dist(), '_headers'), 'utf8');
    expect(rules).toContain(
      `/api/cost-vectors.json\n  Content-Type: ${JSON_CONTENT_TYPE}\n  Cache-Control: ${CACHE_CONTROL.latest}\n`,
    );
  });

  describe.each(runnableTargets())('served by %s', (name) => {
    let target: Target;
    beforeAll(async () => {
      target = await startTarget(name, dist());
    });
    afterAll(async () => {
      await target?.stop();
    });

    it('answers 200 with the file, JSON, the latest cache policy and a brotli body on request', async () => {
      const identity = await httpRequest(`${target.baseUrl}/api/cost-vectors.json`);
      expect(identity.status).toBe(200);
      expect(identity.headers['content-type']).toBe(JSON_CONTENT_TYPE);
      expect(identity.headers['cache-control']).toBe(CACHE_CONTROL.latest);
      expect(identity.body.equals(readFileSync(path.join(dist(), 'api/cost-vectors.json')))).toBe(true);
      const br = await httpRequest(`${target.baseUrl}/api/cost-vectors.json`, { headers: { 'Accept-Encoding': 'br' } });
      expect(br.status).toBe(200);
      // nginx serves the .br copy only with the brotli_static module, which the harness loads when installed.
      expect(br.headers['content-encoding']).toBe(name === 'nginx' && findBrotliModule() === null ? undefined : 'br');
    });
  });
});
