/**
 * The page shows cost per task as benchmarks.json publishes it: the home table's per-solved-task, seconds and speed cells
 * carry the headline's values (what the table sorts by) with the estimate mark where it is one, and each model page
 * lists every configuration with its runs' sources; a use case with a kind of task shows its picks' own task costs.
 */
import { describe, expect, inject, it } from 'vitest';
import { buildDocuments } from '../../src/compile/documents.ts';
import { tableRows } from '../../src/web/pages/home-table.ts';
import { renderCompare } from '../../src/web/pages/compare.ts';
import { renderModel } from '../../src/web/pages/model.ts';
import { renderUseCase } from '../../src/web/pages/sections.ts';
import { money } from '../../src/web/format.ts';
import { siteOf } from '../../src/web/view.ts';
import { freshSource } from '../support/source.ts';

describe('cost per task on the page', () => {
  it('home table cells, model pages and use-case picks carry the published figures', async () => {
    const { documents } = buildDocuments(await freshSource(), {
      crossValidation: JSON.parse(inject('crossValidation')),
    });
    const models = documents['benchmarks.json'].benchmarks.models;
    const site = siteOf({ documents });
    const rows = tableRows(site, '/').split('\n');
    let estimated = 0;
    let fast = 0;
    for (const model of models) {
      const row = rows.find((r) => r.includes(`data-id="${model.modelId}"`))!;
      const solved = /<td class="c-solvedTask opt"(?: data-v="([^"]*)")?>(.*?)<\/td>/.exec(row)!;
      const attempt = /<td class="c-taskAttempt opt"(?: data-v="([^"]*)")?>(.*?)<\/td>/.exec(row)!;
      const seconds = /<td class="c-taskSeconds opt"(?: data-v="([^"]*)")?>(.*?)<\/td>/.exec(row)!;
      const h = model.taskCost?.headline ?? null;
      // An unknown figure has an empty sort value, so the table sorts it last in either direction.
      expect(solved[1], model.modelId).toBe(String(h?.costPerSolvedTaskUsd?.value ?? ''));
      expect(attempt[1], model.modelId).toBe(String(h?.costPerAttemptUsd?.value ?? ''));
      expect(seconds[1], model.modelId).toBe(String(h?.secondsPerTask?.value ?? ''));
      const per100 = /<td class="c-per100 opt"(?: data-v="([^"]*)")?>(.*?)<\/td>/.exec(row)!;
      expect(per100[1], model.modelId).toBe(String(h?.solvedTasksPer100Usd?.value ?? ''));
      // The filters read the same figures from the row.
      expect(row, model.modelId).toContain(`data-task="${h?.costPerSolvedTaskUsd?.value ?? ''}"`);
      expect(row, model.modelId).toContain(`data-speed="${h?.outputTokensPerSecond ?? ''}"`);
      const speed = /<td class="c-speed opt"(?: data-v="([^"]*)")?>(.*?)<\/td>/.exec(row)!;
      expect(speed[1], model.modelId).toBe(String(h?.outputTokensPerSecond ?? ''));
      if (h?.outputTokensPerSecond) fast++;
      expect(solved[2]!.includes('class="mark est"'), model.modelId).toBe(
        h?.evidence === 'estimated' && h.costPerSolvedTaskUsd !== null,
      );
      const marked = attempt[2]!.includes('class="mark est"');
      expect(marked, model.modelId).toBe(h?.evidence === 'estimated' && h.costPerAttemptUsd !== null);
      if (marked) estimated++;
      if (h?.costPerAttemptUsd?.interval) expect(attempt[2]).toContain('class="iv"');

      const page = renderModel(site, site.toolsById.get(model.modelId)!, '/').body;
      expect(page).toContain('id="task-h"');
      for (const c of model.taskCost?.configurations ?? [])
        for (const run of c.runs) expect(page, `${model.modelId} ${c.id}`).toContain(run.source.url);
      // Each endpoint speed is shown with its source, so the column's median can be traced.
      for (const e of model.taskCost?.endpoints ?? []) expect(page, model.modelId).toContain(e.source.url);
    }
    expect(estimated).toBeGreaterThan(0);
    expect(fast).toBeGreaterThan(0);

    // Compare: each model's column carries its headline's cost per solved task and its output speed.
    const compare = renderCompare(site, '/');
    const cells = (label: string) => {
      const row = compare.split('\n').find((r) => r.includes(`<th scope="row">${label}</th>`))!;
      return new Map([...row.matchAll(/<td data-id="([^"]+)" hidden>(.*?)<\/td>/g)].map((m) => [m[1]!, m[2]!]));
    };
    const solvedCells = cells('Cost per solved task');
    const speedCells = cells('Output tokens per second');
    for (const model of models) {
      const h = model.taskCost?.headline;
      if (h?.costPerSolvedTaskUsd)
        expect(solvedCells.get(model.modelId)).toContain(money(h.costPerSolvedTaskUsd.value));
      if (h?.outputTokensPerSecond)
        expect(speedCells.get(model.modelId)).toBe(Math.round(h.outputTokensPerSecond).toLocaleString('en-US'));
    }

    // A use case with a kind of task shows each pick's own cost for that kind beside its scenario cost.
    const withKind = documents['use-cases.json'].useCases.filter((u) => u.taskKind);
    expect(withKind.length).toBeGreaterThan(0);
    for (const useCase of withKind) {
      const page = renderUseCase(site, useCase, '/');
      expect(page).toContain(`Per ${useCase.taskKind} task</th>`);
      const body = page.slice(page.indexOf('<tbody>'), page.indexOf('</tbody>'));
      const rows = body.split('<tr>').slice(1);
      expect(rows).toHaveLength(useCase.topPicks.length);
      useCase.topPicks.forEach((id, i) => {
        const built = useCase.topPickTaskCosts.find((c) => c.toolId === id);
        if (built?.costPerAttemptUsd)
          expect(rows[i], `${useCase.id} ${id}`).toContain(money(built.costPerAttemptUsd.value));
        if (built?.costPerSolvedTaskUsd)
          expect(rows[i], `${useCase.id} ${id}`).toContain(money(built.costPerSolvedTaskUsd.value));
      });
    }
  });
});
