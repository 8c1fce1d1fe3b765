// `npm audit` of the runtime dependencies (--omit=dev: what the public API ships), for .ci/run.
//
// - A report with a high or critical advisory fails CI (exit 1): a public API must not ship them.
//   Lower severities are printed and do not fail the run (moderate/low advisories in runtime
//   dependencies are reviewed, not blocked).
// - When the registry does not answer the audit endpoint (an offline mirror, a proxy that only
//   serves packages: npm then prints "audit endpoint returned an error"), CI says so plainly and
//   goes on: that run is NOT an audit, and its log says it.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const stderr = (run.stderr ?? '').split('\n').filter((line) => /\berr(or)?\b|ERR!|405|404|ENOTFOUND|ECONN/i.test(line) && !/nodedir/.test(line));
  const why = report?.message ?? run.error?.message ?? (stderr.slice(0, 3).join(' / ') || `npm exited with ${run.status}`);
  console.log(`npm audit: NOT RUN: the registry did not answer the audit endpoint (${why}).`);
  console.log('npm audit: the runtime dependencies were not checked against the advisory database in this run.');
  process.exit(0);
}

const order = ['critical', 'high', 'moderate', 'low', 'info'];
const entries = Object.values(report.vulnerabilities ?? {}).sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
for (const v of entries) {
  const via = (v.via ?? []).map((item) => (typeof item === 'string' ? `via ${item}` : `${item.title ?? item.name} ${item.url ?? ''}`.trim())).join('; ');
  const fix = v.fixAvailable === true ? 'fix: npm audit fix' : v.fixAvailable ? `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}${v.fixAvailable.isSemVerMajor ? ' (semver-major)' : ''}` : 'no fix available';
  console.log(`npm audit: ${v.severity.padEnd(8)} ${v.name} ${v.range ?? ''}: ${via} (${fix})`);
}
const summary = order.map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
const blocking = (counts.critical ?? 0) + (counts.high ?? 0);
console.log(`npm audit (runtime dependencies, ${report.metadata.dependencies?.prod ?? '?'} packages): ${summary}`);
if (blocking > 0) {
  console.log(`npm audit: ${blocking} high or critical advisory(ies) in runtime dependencies: failing CI`);
  process.exit(1);
}
