/**
 * The server's index of an artifact: `artifact.json` split in two, so that a server parses at start
 * only what does not grow with history, and a dated release's entries when that release is first
 * asked for. `artifact.json` lists every file of every release (about 3 KB a release); parsed
 * whole, it cost a server with 1,000 releases about a second before its first answer and 18 MB
 * of memory for entries it seldom reads.
 *
 *   .served/artifact.json    the manifest without the files of /api/v/<id>/
 *   .served/v/<id>.json      the files of release <id>, as a manifest of their own
 *
 * Both have the shape of artifact.json (the same checks apply) and are a pure function of it:
 * whoever writes an artifact directory (the build, a follower) writes them beside it. A release's
 * index depends on that release alone (its build id is a hash of its entries, its time the
 * release's), so a build links it from the artifact served now instead of writing it again. They lie
 * outside /api/, where nginx answers 404; static hosts serve them as plain files, as they serve
 * artifact.json. A directory without them (an artifact written before they existed) is read
 * through artifact.json as before.
 */
import { createHash } from 'node:crypto';
import type { ArtifactManifest, ManifestEntry } from './manifest.ts';

export const SERVED_INDEX_DIR = '.served';
export const SERVED_LATEST = `${SERVED_INDEX_DIR}/artifact.json`;
export const SERVED_RELEASES_DIR = `${SERVED_INDEX_DIR}/v`;

/** A release id that can name a file: no separator, no leading dot (release ids are YYYY-MM-DD.N). */
const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const RELEASE_PATH = /^\/api\/v\/([^/]+)\//;

/** The release a URL path belongs to (/api/v/<id>/...), when its id can name an index file. */
export function releaseOf(urlPath: string): string | undefined {
  const id = RELEASE_PATH.exec(urlPath)?.[1];
  return id !== undefined && RELEASE_ID.test(id) ? id : undefined;
}

export const releaseIndexFile = (id: string) => `${SERVED_RELEASES_DIR}/${id}.json`;

const serialize = (manifest: ArtifactManifest) => Buffer.from(`${JSON.stringify(manifest)}\n`);

/** The index files of `manifest`: relative path in the artifact → bytes. */
export function servedIndexFiles(manifest: ArtifactManifest): Map<string, Buffer> {
  const latest: Record<string, ManifestEntry> = {};
  const releases = new Map<string, Record<string, ManifestEntry>>();
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    const id = releaseOf(urlPath);
    if (id === undefined) latest[urlPath] = entry;
    else {
      const files = releases.get(id) ?? {};
      files[urlPath] = entry;
      releases.set(id, files);
    }
  }
  const { buildId, lastModified } = manifest;
  const files = new Map<string, Buffer>([[SERVED_LATEST, serialize({ buildId, lastModified, files: latest })]]);
  for (const [id, entries] of releases) files.set(releaseIndexFile(id), releaseIndex(entries, lastModified));
  return files;
}

/** A release's index: the same bytes in every artifact that holds the release. */
function releaseIndex(entries: Record<string, ManifestEntry>, fallbackTime: string): Buffer {
  const buildId = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
  const lastModified = Object.values(entries).find((entry) => entry.lastModified)?.lastModified ?? fallbackTime;
  return serialize({ buildId, lastModified, files: entries });
}

/** Whether an artifact file is a release's index (the same bytes from build to build, so worth linking). */
export const isReleaseIndex = (relative: string) => relative.startsWith(`${SERVED_RELEASES_DIR}/`);
