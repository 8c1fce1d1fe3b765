/**
 * Redirects and control characters (issue 21), against the refresh's own reader (fetch.ts) and a
 * programmable upstream on loopback. Faults: a redirect to another host (a "credentials"
 * endpoint on localhost), to another scheme, to a host the configuration allows that resolves to
 * an internal address; upstream text with ESC, BEL, CR/LF (as JSON escapes and raw bytes). Each
 * must be refused. Then what a failure leaves in public: the persisted status (which becomes
 * /api/freshness.json `lastError`) is searched for the secret an upstream quoted and for local
 * paths, and the printed report for raw control characters.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readUpstream } from '../../../src/refresh/fetch.ts';
import { redirectPolicy } from '../../../src/refresh/redirect-policy.ts';
import { formatReport, type RefreshReport } from '../../../src/refresh/report.ts';
import { writeStatus } from '../../../src/refresh/status.ts';
import { startUpstream } from '../../fixtures/upstream/server.ts';
import { TEST_LIMITS } from '../../fixtures/upstream/workspace.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

const SECRET = 'AKIAEXAMPLESECRET0123456789';
const JSON_TYPES = ['application/json', 'text/plain'];

/** Whether the refresh's reader refuses `location` (an UpstreamError), with the reason. */
async function refused(location: string, extraHosts: string[] = []): Promise<string | null> {
  try {
    await readUpstream('pricing upstream', location, [...JSON_TYPES, 'text/csv'], {
      ...TEST_LIMITS,
      redirectHosts: extraHosts,
    });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Printed and persisted output of a failure that quotes an upstream value and a local path. */
async function leaks(root: string): Promise<{ secrets: number; rawControls: number; paths: number }> {
  const stateDir = await mkdtemp(path.join(root, 'status-'));
  const localPath = path.join(root, 'data', 'tools', 'x.json');
  const error = `pricing upstream: AccessKeyId: must be a number (got "${SECRET}") | cannot read ${localPath} (EACCES)`;
  await writeStatus(stateDir, {
    lastAttempt: '2026-11-24T06:00:00Z',
    lastOutcome: 'rejected',
    lastError: `rejected: 2 problem(s): ${error}`,
    lastSuccess: null,
    upstreams: [],
  });
  const persisted = await readFile(path.join(stateDir, 'refresh-status.json'), 'utf8');
  const report = formatReport({
    outcome: 'rejected',
    dryRun: false,
    startedAt: '2026-11-24T06:00:00Z',
    finishedAt: '2026-11-24T06:00:01Z',
    errors: [`pricing upstream: name "\u001b[2K\rrefresh published release 2099-01-01\u0007"`],
    ...{ release: null, buildId: null, benchmarks: null, recovered: null },
    ...{ upstreams: [], changes: [], updates: [], pinned: [], redundantPins: [], missing: [], candidates: [] },
    ...{ results: [], notes: [] },
  } as unknown as RefreshReport);
  return {
    secrets: persisted.includes(SECRET) ? 1 : 0,
    paths: persisted.includes(root) ? 1 : 0,
    // biome's rule against control characters in regex literals: the same test, by code.
    rawControls: [...report].filter((c) => c !== '\n' && (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)).length,
  };
}

export const redirects: Section = {
  name: 'redirects',
  machine: 'shared',
  summary:
    'upstream redirects to other hosts, ports, schemes and internal addresses; control characters in upstream text',
  async run(context: SectionContext): Promise<Row[]> {
    const upstream = await startUpstream();
    const failures: string[] = [];
    let injected = 0;
    let rejected = 0;
    try {
      const port = new URL(upstream.url).port;
      upstream.set('/creds', { body: JSON.stringify({ AccessKeyId: SECRET }) });
      upstream.set('/to-other-host.json', { status: 302, headers: { location: `http://localhost:${port}/creds` } });
      upstream.set('/to-https.json', { status: 302, headers: { location: `https://127.0.0.1:${port}/creds` } });
      const host = new URL(upstream.url).hostname;
      upstream.set('/to-other-port.json', {
        status: 302,
        headers: { location: `http://${host}:${Number(port) + 1}/creds` },
      });
      const controls: [string, string | Buffer][] = [
        ['esc.json', '{"name":"\\u001b[31mred"}'],
        ['bel.json', '{"name":"ring\\u0007"}'],
        ['crlf.json', '{"name":"line\\r\\nforged: yes"}'],
        ['raw-esc.csv', Buffer.from('model,score\nx\u001b[2K,1\n')],
      ];
      for (const [file, body] of controls)
        upstream.set(`/${file}`, {
          body,
          headers: { 'content-type': file.endsWith('.csv') ? 'text/csv' : 'application/json' },
        });
      const cases: [string, () => Promise<string | null>][] = [
        ['redirect to another host', () => refused(`${upstream.url}/to-other-host.json`)],
        ['redirect to another scheme', () => refused(`${upstream.url}/to-https.json`)],
        ['redirect to another port of the upstream host', () => refused(`${upstream.url}/to-other-port.json`)],
        [
          'redirect to an allowed host that resolves inward',
          () =>
            redirectPolicy(new URL('http://upstream.example.invalid/'), ['127.0.0.1']).refusal(
              new URL('http://upstream.example.invalid/a.json'),
              new URL(`http://127.0.0.1:${port}/creds`),
            ),
        ],
        ...controls.map(([file]): [string, () => Promise<string | null>] => [
          `control characters in ${file}`,
          () => refused(`${upstream.url}/${file}`),
        ]),
      ];
      for (const [name, attempt] of cases) {
        injected += 1;
        const reason = await attempt();
        if (reason === null) failures.push(`${name}: accepted`);
        else rejected += 1;
        if (reason?.includes(SECRET)) failures.push(`${name}: the refusal quotes what the upstream sent`);
      }
      const leaked = await leaks(context.root);
      if (leaked.paths) failures.push('the persisted status names a local path');
      if (leaked.rawControls) failures.push(`the report printed ${leaked.rawControls} raw control character(s)`);
      return [
        {
          section: 'redirects',
          target: 'refresh',
          faultsInjected: injected,
          faultsRejected: rejected,
          secretsFound: leaked.secrets,
          failures,
          note: 'redirects (other host, other port of the same host, other scheme, allowed host resolving inward) and control characters (ESC, BEL, CR/LF escaped in JSON, raw ESC in CSV); lastError and the report checked for the quoted secret, local paths and raw controls',
        },
      ];
    } finally {
      await upstream.close();
    }
  },
};
