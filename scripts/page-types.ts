/**
 * The pages a script visits to cover every page type of a built artifact: which model, comparison, use case and
 * platform stand for their kind (a scored active model, the first three scored, the first use case and platform).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One page of each type (the front page's chart as its own), by name, with the address it is opened at. */
export function pageTypes(dist: string): [name: string, urlPath: string][] {
  const { model, compare, useCase, platform } = samplesOf(dist);
  return [
    ['home', '/'],
    ['chart', '/#chart-h'],
    ['model', `/models/${model}/`],
    ['compare', `/compare/?ids=${compare.join(',')}&in=50000&out=3000&n=300`],
    ['calculator', '/calculator/?in=300000&out=2000&min=60&fit=1'],
    ['prices', '/prices/'],
    ['use-cases', '/use-cases/'],
    ['use-case', `/use-cases/${useCase}/`],
    ['platforms', '/platforms/'],
    ['platform', `/platforms/${platform}/`],
    ['changes', '/changes/'],
    ['method', '/method/'],
    ['about', '/about/'],
  ];
}

export interface Samples {
  model: string;
  compare: string[];
  useCase: string;
  platform: string;
}

export function samplesOf(dist: string): Samples {
  const api = (name: string) => JSON.parse(readFileSync(path.join(dist, 'api', name), 'utf8'));
  const tools: { id: string; status: string }[] = api('tools.json').tools;
  const scored = new Set<string>(api('benchmarks.json').benchmarks.models.map((m: { modelId: string }) => m.modelId));
  return {
    model: tools.find((t) => scored.has(t.id) && t.status === 'active')?.id ?? tools[0]!.id,
    compare: tools
      .filter((t) => scored.has(t.id))
      .slice(0, 3)
      .map((t) => t.id),
    useCase: api('use-cases.json').useCases[0].id,
    platform: api('platforms.json').platforms[0].id,
  };
}
