/**
 * The JSON guard refuses a document that states a key twice in one object (JSON.parse keeps the
 * last copy silently), naming the object and the key, wherever it is and however it is escaped.
 */
import { describe, expect, it } from 'vitest';
import { duplicateKeys, parseJsonGuarded } from '../../src/compile/json-guard.ts';

const issues = (text: string) => duplicateKeys(text, 'upstream').map((i) => `${i.field}: ${i.message.split(' (')[0]}`);

describe('duplicate keys', () => {
  it('finds a duplicate at any depth, with its object path', () => {
    expect(issues('{"a":1,"a":2}')).toEqual([': duplicate key "a"']);
    expect(issues('{"openai":{"models":{"gpt":{"cost":1},"o3":{},"gpt":{"cost":0.8}}}}')).toEqual([
      'openai.models: duplicate key "gpt"',
    ]);
    expect(issues('{"rows":[{"x":1},{"x":1,"y":[1,{"z":1,"z":2}],"x":3}]}')).toEqual([
      'rows[1].y[1]: duplicate key "z"',
      'rows[1]: duplicate key "x"',
    ]);
  });

  it('compares keys as decoded, and is not fooled by quotes, braces or backslashes inside strings', () => {
    expect(issues('{"a":1,"\\u0061":2}')).toEqual([': duplicate key "a"']);
    expect(issues('{"k\\"}":"{\\"k\\":1,","k\\\\":"]","k":"\\\\"}')).toEqual([]);
    expect(issues('{"a":{"b":1},"c":{"b":1},"d":[{"b":1},{"b":1}]}')).toEqual([]);
  });

  it('counts the copies and caps the report', () => {
    expect(duplicateKeys('{"a":1,"a":2,"a":3}', 'u')[0]!.message).toContain('3 copies');
    const many = `{${Array.from({ length: 30 }, (_, i) => `"k${i}":{"x":1,"x":2}`).join(',')}}`;
    const found = duplicateKeys(many, 'u');
    expect(found).toHaveLength(21);
    expect(found.at(-1)!.message).toBe('... and 10 more duplicate keys');
  });

  it('makes the guarded parse refuse the document', () => {
    const result = parseJsonGuarded(
      Buffer.from('{"openai":{"models":{"gpt-5.4":{"cost":{"input":2.5}},"gpt-5.4":{"cost":{"input":2}}}}}'),
      'pricing upstream',
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues[0]).toMatchObject({
        file: 'pricing upstream',
        field: 'openai.models',
        message: expect.stringContaining('duplicate key "gpt-5.4"'),
      });
    expect(parseJsonGuarded(Buffer.from('{"a":{"b":1},"b":{"a":1}}'), 'u').ok).toBe(true);
  });

  it('scans a large document quickly', () => {
    const big = JSON.stringify(
      Object.fromEntries(
        Array.from({ length: 200_000 }, (_, i) => [
          `model-${i}`,
          { cost: { input: i, output: i * 2 }, name: `Model "${i}" \\ test` },
        ]),
      ),
    );
    // CPU time, not wall time: other processes on a shared machine lengthen the second, not the first.
    const started = process.cpuUsage();
    expect(duplicateKeys(big, 'u')).toEqual([]);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });
});
