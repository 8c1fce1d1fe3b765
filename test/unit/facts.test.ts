/**
 * Facts that validate: each primitive of the curated data (calendar date, month, price, token count, source kind)
 * is broken with data, and the build refuses it naming the file, the field and the value.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataError, formatIssue } from '../../src/compile/errors.ts';
import { checkSourceIntegrity } from '../../src/compile/integrity.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { AGGREGATORS, aggregatorOf } from '../../src/compile/source-kinds.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { isCalendarDay, SOURCE_KINDS, sourceKind } from '../../src/schema/common.ts';
import { errorOf } from '../support/data-error.ts';
import { freshSource, toolFile } from '../support/source.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-facts-'));
  await cp(PATHS.data, dir, { recursive: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: the tests break arbitrary fields of the curated JSON
type Json = Record<string, any>;

/** Loads a copy of the real data with one file edited (as JSON, then as text), restoring it afterwards. */
async function refusal(relative: string, edit: (json: Json) => void, text = (t: string) => t): Promise<string[]> {
  const file = path.join(dir, relative);
  const original = await readFile(file, 'utf8');
  const json = JSON.parse(original) as Json;
  edit(json);
  await writeFile(file, text(JSON.stringify(json)));
  try {
    await loadSourceData(dir, { releasesDir: PATHS.releases });
  } catch (error) {
    if (error instanceof DataError) return error.issues.map(formatIssue);
    throw error;
  } finally {
    await writeFile(file, original);
  }
  throw new Error('expected a DataError, but the data was accepted');
}

async function accepted(relative: string, edit: (json: Json) => void): Promise<void> {
  const file = path.join(dir, relative);
  const original = await readFile(file, 'utf8');
  const json = JSON.parse(original) as Json;
  edit(json);
  await writeFile(file, JSON.stringify(json));
  try {
    await loadSourceData(dir, { releasesDir: PATHS.releases });
  } finally {
    await writeFile(file, original);
  }
}

const GPT = 'tools/openai/gpt-5-4.json';
const RETIRED = 'tools/openai/gpt-5-3-codex.json';
const RESULTS = 'benchmarks/results/athene-v2-chat.json';
const PLATFORM = 'platforms/cursor.json';
const USE_CASE = 'use-cases/ai-code-review.json';

describe('calendar dates and months', () => {
  it('a date that no calendar has is refused, whatever field it is in', async () => {
    expect(await refusal(GPT, (t) => (t.sources.pricing.asOf = '2026-13-45'))).toContain(
      `${GPT}: sources.pricing.asOf: must be a date YYYY-MM-DD (got "2026-13-45")`,
    );
    expect(await refusal(GPT, (t) => (t.sources.pricing.verified = '2025-02-31'))).toContain(
      `${GPT}: sources.pricing.verified: must be a real calendar date (that month has no such day) (got "2025-02-31")`,
    );
    expect(await refusal(RETIRED, (t) => (t.lifecycle.shutdown.date = '2026-04-31'))).toContainEqual(
      expect.stringContaining(`${RETIRED}: lifecycle.shutdown.date: must be a real calendar date`),
    );
  });

  it('29 February only in a leap year', async () => {
    expect(await refusal(RESULTS, (r) => (r.results[0].date = '2026-02-29'))).toContain(
      `${RESULTS}: results.0.date: must be a real calendar date (that month has no such day) (got "2026-02-29")`,
    );
    await accepted(RESULTS, (r) => (r.results[0].date = '2024-02-29'));
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('1900-02-29')).toBe(false);
  });

  it('a month is a real month: the release month, and a date given as a month', async () => {
    expect(await refusal(GPT, (t) => (t.releaseDate = '2026-13'))).toContain(
      `${GPT}: releaseDate: must be a month YYYY-MM (got "2026-13")`,
    );
    expect(await refusal(GPT, (t) => (t.releaseDate = '2026-03-05'))).toContain(
      `${GPT}: releaseDate: must be a month YYYY-MM (got "2026-03-05")`,
    );
    expect(await refusal(RETIRED, (t) => (t.lifecycle.events[0].date = '2026-00'))).toContainEqual(
      expect.stringContaining(`${RETIRED}: lifecycle.events.0.date: must be a date YYYY-MM-DD, or a month YYYY-MM`),
    );
    await accepted(RETIRED, (t) => (t.lifecycle.events[0].date = t.lifecycle.events[0].date.slice(0, 7)));
  });

  it('platform facts are dated by the same rules, `undated` allowed only where a page carries no date', async () => {
    const issues = await refusal(PLATFORM, (p) => {
      p.sources[0].asOf = 'sometime';
      p.models[0].asOf = '2026-09-31';
    });
    expect(issues).toContain(
      `${PLATFORM}: sources.0.asOf: must be a date YYYY-MM-DD, a month YYYY-MM, or "undated" (got "sometime")`,
    );
    expect(issues).toContain(
      `${PLATFORM}: models.0.asOf: must be a real calendar date (that month has no such day) (got "2026-09-31")`,
    );
    expect(await refusal(PLATFORM, (p) => (p.asOf = 'undated'))).toContainEqual(
      expect.stringContaining(`${PLATFORM}: asOf: must be a date YYYY-MM-DD`),
    );
  });
});

describe('prices and token counts', () => {
  it('a price is a finite number, never negative, in the base price, a tier and a modifier', async () => {
    expect(await refusal(GPT, (t) => (t.pricing.input = -1))).toContain(`${GPT}: pricing.input: must be >= 0 (got -1)`);
    expect(await refusal(GPT, (t) => (t.pricingDetails.tiers[0].output = '22.5'))).toContainEqual(
      expect.stringMatching(/pricingDetails\.tiers\.0\.output: must be a number \(USD per 1M tokens\) \(got "22\.5"\)/),
    );
    // JSON has no Infinity, but 1e999 parses to it.
    const infinite = await refusal(
      GPT,
      (t) => (t.pricing.output = 123456789),
      (text) => text.replace('"output":123456789', '"output":1e999'),
    );
    expect(infinite).toContain(`${GPT}: pricing.output: must be a number (USD per 1M tokens) (got Infinity)`);
  });

  it('a token count is a whole number above zero', async () => {
    expect(await refusal(GPT, (t) => (t.contextTokens = 1.5))).toContain(
      `${GPT}: contextTokens: must be a whole number of tokens (got 1.5)`,
    );
    expect(await refusal(GPT, (t) => (t.maxOutputTokens = 0))).toContain(
      `${GPT}: maxOutputTokens: must be > 0 tokens (got 0)`,
    );
    expect(await refusal(USE_CASE, (u) => (u.scenario.inputTokens = -5))).toContain(
      `${USE_CASE}: scenario.inputTokens: must be > 0 tokens (got -5)`,
    );
  });
});

describe('source kinds', () => {
  it('every kind has a one-line meaning in the schema, and the field description carries them all', () => {
    for (const [kind, meaning] of Object.entries(SOURCE_KINDS)) {
      expect(meaning.length).toBeGreaterThan(20);
      expect(meaning).not.toContain('\n');
      expect(sourceKind.description).toContain(`\`${kind}\`: ${meaning}`);
    }
  });

  it('an unknown kind is refused', async () => {
    expect(await refusal(GPT, (t) => (t.sources.pricing.kind = 'blog'))).toContainEqual(
      expect.stringMatching(/^tools\/openai\/gpt-5-4\.json: sources\.pricing\.kind: .*\(got "blog"\)$/),
    );
  });

  it("the build refuses a first-party label on an aggregator's address, naming the file, the field and the value", async () => {
    const source = await freshSource();
    const tool = toolFile(source, 'gpt-5-4');
    tool.data.sources.pricing.url =
      'https://github.com/anomalyco/models.dev/blob/f3fc692/providers/openai/models/gpt-5.4.toml';
    tool.data.sources.pricing.kind = 'first-party';
    tool.data.sources.contextWindow.url = 'https://openrouter.ai/openai/gpt-5.4';
    tool.data.sources.contextWindow.kind = 'first-party-copy';
    const messages = errorOf(() => checkSourceIntegrity(source)).issues.map(formatIssue);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^tools\/openai\/gpt-5-4\.json: sources\.pricing\.kind: must be "aggregator": .* is the catalogue github\.com\/anomalyco\/models\.dev, not the provider's own page \(got "first-party"\)$/,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^tools\/openai\/gpt-5-4\.json: sources\.contextWindow\.kind: must be "aggregator".*\(got "first-party-copy"\)$/,
      ),
    );
  });

  it('the legacy kind third-party, kept for old releases, is refused in curated files', async () => {
    const source = await freshSource();
    const tool = toolFile(source, 'gpt-5-3-codex');
    tool.data.lifecycle!.events[0]!.source.kind = 'third-party';
    expect(errorOf(() => checkSourceIntegrity(source)).issues).toContainEqual(
      expect.objectContaining({ file: tool.file, field: 'lifecycle.events.0.source.kind', value: 'third-party' }),
    );
  });

  it('aggregator addresses: hosts with their subdomains, GitHub repositories on github.com and raw, nothing alike', () => {
    expect(aggregatorOf('https://models.dev/api.json')).toBe('models.dev');
    expect(aggregatorOf('https://docs.litellm.ai/docs/providers/inception')).toBe('litellm.ai');
    expect(aggregatorOf('https://raw.githubusercontent.com/anomalyco/models.dev/3f27/models/x.toml')).toBe(
      'github.com/anomalyco/models.dev',
    );
    expect(aggregatorOf('https://github.com/enricoros/big-agi/blob/x/a.ts')).toBe('github.com/enricoros/big-AGI');
    expect(aggregatorOf('https://notmodels.dev/x')).toBeNull();
    expect(aggregatorOf('https://github.com/anomalyco/models.dev-fork/x')).toBeNull();
    expect(aggregatorOf('https://platform.claude.com/docs/en/about-claude/pricing')).toBeNull();
    expect(new Set(AGGREGATORS.map((a) => a.toLowerCase())).size).toBe(AGGREGATORS.length);
  });

  it('no source of the curated data carries first-party on an aggregator address', async () => {
    const source = await freshSource();
    expect(() => checkSourceIntegrity(source)).not.toThrow();
  });
});
