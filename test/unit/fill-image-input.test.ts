import { describe, expect, it } from 'vitest';
import { decide, fill } from '../../scripts/fill-image-input.ts';

const catalogue = {
  acme: {
    models: {
      'coder-1': { modalities: { input: ['text', 'image'] } },
      'coder-2': { modalities: { input: ['text'] } },
      'coder-3': {},
    },
  },
};

function toolFile(modelsDev: string | null, capabilitiesNote?: string) {
  return {
    id: 'x',
    reasoning: true,
    toolCalling: true,
    codingSpecialized: false,
    sources: {
      pricing: { name: 'p' },
      contextWindow: { name: 'c' },
      releaseDate: { name: 'r' },
      ...(capabilitiesNote ? { capabilities: { name: 'caps', note: capabilitiesNote } } : {}),
      batch: { name: 'b' },
    },
    upstream: { modelsDev },
  };
}

describe('scripts/fill-image-input.ts', () => {
  it('reads the input modalities of the catalogue entry, cited as an aggregator, and leaves unknown as null', () => {
    const yes = decide(toolFile('acme/coder-1'), catalogue, '2026-12-02');
    expect(yes.value).toBe(true);
    expect(yes.source).toMatchObject({
      kind: 'aggregator',
      asOf: '2026-07-02',
      verified: '2026-12-02',
      url: 'https://github.com/anomalyco/models.dev/blob/f3fc692299671838c7c65fd8126bf84d81a2e817/providers/acme/models/coder-1.toml',
    });
    expect(decide(toolFile('acme/coder-2'), catalogue, '2026-12-02').value).toBe(false);
    expect(decide(toolFile('acme/coder-3'), catalogue, '2026-12-02')).toMatchObject({ value: null, source: null });
    expect(decide(toolFile('acme/none'), catalogue, '2026-12-02')).toMatchObject({ value: null, source: null });
    expect(decide(toolFile(null), catalogue, '2026-12-02')).toMatchObject({ value: null, source: null });
  });

  it('takes a capabilities source that states image input, without a new source', () => {
    const covered = decide(
      toolFile(null, 'States tool_call = true, with text, image and video input.'),
      catalogue,
      'd',
    );
    expect(covered).toMatchObject({ value: true, source: null });
    expect(decide(toolFile(null, 'Tool calling with MCP support.'), catalogue, 'd').value).toBeNull();
  });

  it('puts the field after toolCalling and its source after the capability source, and skips a filled file', () => {
    const tool = toolFile('acme/coder-1', 'Tool calling with MCP support.');
    const filled = fill(tool, decide(tool, catalogue, '2026-12-02'));
    expect(Object.keys(filled)).toEqual([
      'id',
      'reasoning',
      'toolCalling',
      'imageInput',
      'codingSpecialized',
      'sources',
      'upstream',
    ]);
    expect(Object.keys(filled.sources as object)).toEqual([
      'pricing',
      'contextWindow',
      'releaseDate',
      'capabilities',
      'imageInput',
      'batch',
    ]);
    const plain = toolFile('acme/coder-2');
    expect(Object.keys(fill(plain, decide(plain, catalogue, 'd')).sources as object)).toEqual([
      'pricing',
      'contextWindow',
      'releaseDate',
      'imageInput',
      'batch',
    ]);
    // Rerunning changes nothing, whatever the catalogue says now.
    expect(fill(filled, { value: null, source: null, why: '' })).toBe(filled);
  });
});
