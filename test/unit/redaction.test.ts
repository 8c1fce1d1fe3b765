/**
 * The one redaction of locations (src/fs/redact.ts): scheme, host and path only; files by base
 * name; free text with every URL redacted and every known secret value scrubbed.
 */
import { describe, expect, it } from 'vitest';
import { redactLocation, redactText, secretsOf } from '../../src/fs/redact.ts';

const SECRET_URL = 'http://user:p%40ss-w0rd@host.example:8080/path/api.json?api_key=TOKEN-123&x=1#frag-456';

describe('redactLocation', () => {
  it('keeps scheme, host and path; drops userinfo, query and fragment', () => {
    expect(redactLocation(SECRET_URL)).toBe('http://host.example:8080/path/api.json');
    expect(redactLocation('https://models.dev/api.json')).toBe('https://models.dev/api.json');
    expect(redactLocation('https://a@b.example/x?')).toBe('https://b.example/x');
  });

  it('names a file by its base name', () => {
    expect(redactLocation('/home/ci/secret-dir/api.json')).toBe('file:api.json');
    expect(redactLocation('file:///srv/x/bench.csv?token=abc')).toBe('file:bench.csv');
    expect(redactLocation('C:\\data\\api.json')).toBe('file:api.json');
    expect(redactLocation('skip')).toBe('skip');
  });

  it('redacts a URL it cannot parse by hand', () => {
    expect(redactLocation('http://us er:pw@ho st/p?q=1')).toBe('http://ho');
  });

  it('is idempotent', () => {
    for (const location of [SECRET_URL, '/a/b.json', 'skip', 'https://x.test/y'])
      expect(redactLocation(redactLocation(location))).toBe(redactLocation(location));
  });
});

describe('redactText', () => {
  it('redacts every URL in a message, and the known secrets wherever they remain', () => {
    const message = `Request cannot be constructed from a URL that includes credentials: ${SECRET_URL} (password p@ss-w0rd, key TOKEN-123, name user)`;
    const redacted = redactText(message, secretsOf(SECRET_URL));
    expect(redacted).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://host.example:8080/path/api.json (password [redacted], key [redacted], name [redacted])',
    );
  });

  it('finds user name, password (raw and decoded), query values and fragment', () => {
    expect(secretsOf(SECRET_URL)).toEqual(
      expect.arrayContaining(['user', 'p%40ss-w0rd', 'p@ss-w0rd', 'TOKEN-123', 'frag-456', 'api_key=TOKEN-123&x=1']),
    );
    expect(secretsOf('/a/b.json')).toEqual([]);
    expect(secretsOf('https://models.dev/api.json')).toEqual([]);
  });
});
