/**
 * The artifact the suites test: the real dataset built exactly as `npm run build` does (data/ and every
 * release under releases/), into a temporary directory, with the cross-validation it computed (the slow part
 * of a build, which suites that publish again reuse), and the client package built as its own build script
 * builds it (the CLI the suites run), on the other core while the dataset builds.
 *
 * Run alone, `npm test`, `npm run test:slow` and `npm run test:reliability` each build it once (global-setup.ts,
 * test/reliability/run.ts). `.ci/run` builds it once for all three, with this file as a command:
 *
 *   tsx test/support/test-artifact.ts <dir>     # then ACMD_TEST_ARTIFACT=<dir> for the suites
 *
 * A suite handed an artifact takes it when it was built from the same inputs (data/, releases/, src/, the
 * client package's sources and package-lock.json, compared by content, so a fresh clone of the same commit takes
 * it too) and builds its own otherwise.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { BuildResult } from '../../src/compile/documents.ts';
import { PATHS, ROOT } from '../../src/fs/paths.ts';
import { publishFromDisk } from '../../src/history/publish.ts';
import { loadRefreshConfig } from '../../src/refresh/config.ts';

type CrossValidationResult = BuildResult['crossValidation'];

export const PREBUILT_ENV = 'ACMD_TEST_ARTIFACT';
const META = 'test-artifact.json';

export interface TestArtifact {
  /** The published artifact (`dist`, a link to the build it points at, as `npm run build` leaves it). */
  distPath: string;
  crossValidation: CrossValidationResult;
  /** The client package built into a directory of its own (`<clientPath>/packages/client/src/cli.js` is the CLI). */
  clientPath: string;
}

const CLIENT_SOURCES = ['packages/client/src', 'packages/client/scripts'];

/** What the artifact is built from, by content: every file of data/, releases/, src/ and the client's sources, and the lockfile. */
export async function inputsFingerprint(root: string = ROOT): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['data', 'releases', 'src', ...CLIENT_SOURCES]) {
    const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
    for (const file of files)
      hash
        .update(`${file}\0`)
        .update(await readFile(path.join(root, file)))
        .update('\0');
  }
  hash.update(await readFile(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

/** Builds the artifact into `root` (`root/dist`), as `npm run build` does, and records what a later suite needs. */
export async function buildTestArtifact(root: string): Promise<TestArtifact> {
  await mkdir(root, { recursive: true });
  const distPath = path.join(root, 'dist');
  const clientPath = path.join(root, 'client');
  // The client compiles in a child process (tsc, one core) while this one builds the dataset.
  const client = promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'packages', 'client', 'scripts', 'build.mjs'), '--out-dir', clientPath],
    { encoding: 'utf8' },
  );
  // The artifact as shipped, at the artifact's brotli quality, even in a process where a refresh suite's workspace
  // module set a faster one (test/fixtures/upstream/workspace.ts; the reliability suite imports it).
  const quality = process.env.DIRECTORY_BROTLI_QUALITY;
  delete process.env.DIRECTORY_BROTLI_QUALITY;
  const publishing = publishFromDisk(
    { dataDir: PATHS.data, releasesDir: PATHS.releases, stateDir: path.join(root, 'build-state'), distPath },
    await loadRefreshConfig(PATHS.refreshConfig),
  ).finally(() => {
    if (quality !== undefined) process.env.DIRECTORY_BROTLI_QUALITY = quality;
  });
  const [{ built }] = await Promise.all([publishing, client]);
  const inputs = await inputsFingerprint();
  await writeFile(
    path.join(root, META),
    JSON.stringify({ root: ROOT, inputs, crossValidation: built.crossValidation }),
  );
  return { distPath, crossValidation: built.crossValidation, clientPath };
}

/**
 * The artifact named by ACMD_TEST_ARTIFACT when it was built from this checkout's inputs; null when none is
 * handed over or its inputs differ. A named directory without the artifact is an error, not a silent rebuild.
 */
export async function prebuiltArtifact(): Promise<TestArtifact | null> {
  const dir = process.env[PREBUILT_ENV];
  if (!dir) return null;
  let meta: { root: string; inputs?: string; crossValidation: CrossValidationResult };
  try {
    meta = JSON.parse(await readFile(path.join(dir, META), 'utf8'));
  } catch (error) {
    throw new Error(`${PREBUILT_ENV}=${dir} holds no test artifact (${(error as Error).message})`);
  }
  if (meta.inputs !== (await inputsFingerprint())) {
    console.info(
      `${PREBUILT_ENV}: the artifact in ${dir} was built from other inputs (${meta.root}) than ${ROOT}'s; building this one's`,
    );
    return null;
  }
  return {
    distPath: path.join(dir, 'dist'),
    crossValidation: meta.crossValidation,
    clientPath: path.join(dir, 'client'),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: tsx test/support/test-artifact.ts <dir>');
    process.exit(2);
  }
  const started = Date.now();
  const { distPath } = await buildTestArtifact(path.resolve(dir));
  console.log(`test artifact built into ${distPath} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
