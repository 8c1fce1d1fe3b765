/**
 * The page and the API count "measured" the same way: the model page says the evidence account
 * (src/cost/evidence-account.ts), whose count is the published measuredCount over the components
 * that carry weight.
 */
import { describe, expect, inject, it } from 'vitest';
import { buildDocuments } from '../../src/compile/documents.ts';
import { evidenceAccount } from '../../src/cost/index.ts';
import { esc } from '../../src/web/html.ts';
import { renderModel } from '../../src/web/pages/model.ts';
import { siteOf } from '../../src/web/view.ts';
import { freshSource } from '../support/source.ts';

describe('measured count on the page', () => {
  it('every model page says the published measuredCount of the weighted components', async () => {
    const { documents } = buildDocuments(await freshSource(), {
      crossValidation: JSON.parse(inject('crossValidation')),
    });
    const body = documents['benchmarks.json'].benchmarks;
    const weighted = body.aggregate.filter((a) => a.weight > 0).length;
    const site = siteOf({ documents });
    for (const model of body.models) {
      const tool = site.toolsById.get(model.modelId)!;
      const page = renderModel(site, tool, '/').body;
      const account = evidenceAccount(model.scoreDetails, body.aggregate);
      expect(account.measured, model.modelId).toBe(model.measuredCount);
      expect(account.weighted).toBe(weighted);
      expect(page, model.modelId).toContain(esc(account.text));
      const counted = body.aggregate.filter(
        (a) => a.weight > 0 && model.scoreDetails[a.field as keyof typeof model.scoreDetails].kind === 'measured',
      ).length;
      expect(model.measuredCount, model.modelId).toBe(counted);
    }
  });
});
