/**
 * `npm run build` (write dist/), `npm run validate` (--check: validate only) and
 * `npm run report` (--report: coverage tables). Exits non-zero with every data issue listed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataError } from '../compile/errors.ts';
import { prepareFromDocuments } from '../history/artifact-files.ts';
import { loadSourceData } from '../compile/load.ts';
import { lifecycleWarnings } from '../compile/integrity.ts';
import { copiesIn, publishArtifact } from '../artifact/artifact.ts';
import { coverageReport } from '../compile/report.ts';
import { readRefreshFindings } from '../compile/report-refresh.ts';
import { scoringSummary } from '../compile/report-scores.ts';
import { PATHS } from '../fs/paths.ts';
import { envOverrides, loadRefreshConfig, withOverrides } from '../refresh/config.ts';
import { buildWithCache, fileCache, historyInput } from '../history/publish.ts';
import { loadReleases } from '../history/releases.ts';
import { unreleasedChanges, unreleasedMessage } from '../history/released.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      report: { type: 'boolean', default: false },
      data: { type: 'string', default: PATHS.data },
      dist: { type: 'string', default: PATHS.dist },
      releases: { type: 'string', default: PATHS.releases },
      config: { type: 'string', default: PATHS.refreshConfig },
      // Where the cross-validation is cached between builds (keyed by the results and the scoring code), so a
      // build after an edit of prices or text does not recompute it.
      state: { type: 'string', default: PATHS.state },
      'base-url': { type: 'string' },
      preview: { type: 'boolean', default: false },
    },
  });
  const started = performance.now();
  const source = await loadSourceData(path.resolve(values.data), { releasesDir: path.resolve(values.releases) });
  const built = await buildWithCache(source, path.resolve(values.state));
  // Lifecycle facts that have gone stale are reported, not refused: the data may be waiting for a source.
  for (const warning of lifecycleWarnings(source, new Date().toISOString().slice(0, 10)))
    console.warn(`warning: ${warning.file}: ${warning.message}`);
  const cv = built.crossValidation;
  console.log(
    `validated ${source.tools.length} tools, ${source.providers.length} providers, ${source.results.length} benchmark result files`,
  );
  console.log(scoringSummary(cv));
  if (values.report)
    console.log(coverageReport(source, built.documents, new Date(), await readRefreshFindings(PATHS.state)));
  if (values.check) return;
  // Every release under releases/ is published too (/api/v/<id>/, changes, manifest, price history).
  const releases = await loadReleases(path.resolve(values.releases), fileCache());
  const unreleased = unreleasedChanges(built.documents, releases.newest);
  if (unreleased && !values.preview) {
    console.error(`build failed: ${unreleasedMessage(unreleased)}`);
    process.exit(1);
  }
  if (unreleased) console.warn(`preview: building unreleased data\n${unreleasedMessage(unreleased)}`);
  // --base-url (or DIRECTORY_PUBLIC_BASE_URL) overrides publicBaseUrl: absolute links in the feed, schema $id and OpenAPI servers.
  const config = withOverrides(await loadRefreshConfig(path.resolve(values.config)), envOverrides(), {
    publicBaseUrl: values['base-url'],
  });
  const history = historyInput(releases, config, source);
  const prepared = await prepareFromDocuments(
    { documents: built.documents, records: built.records, meta: source.meta.data, history },
    await copiesIn(values.dist),
  );
  const { dir, changed } = await publishArtifact(prepared, values.dist);
  console.log(
    `${changed ? 'published' : 'unchanged'} ${prepared.manifest.buildId} -> ${values.dist} (${path.relative(process.cwd(), dir)}) in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataError) {
    console.error(`build failed: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
