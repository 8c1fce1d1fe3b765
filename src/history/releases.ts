/**
 * The release store: one immutable directory per release under releases/ (tracked in git, so
 * static deployments keep their history):
 *
 *   releases/<id>/release.json      the release record (schema `release`): dates, versions,
 *                                   SHA-256 manifest of its documents, upstreams, changes
 *   releases/<id>/<doc>.json.br     each of the six endpoint documents, brotli-compressed,
 *                                   exactly the bytes that were served
 *
 * A release directory appears by one rename(2) of a complete temporary directory, so a crash
 * never leaves half a release; reading verifies every document against its SHA-256.
 */
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { brotli, sha256Hex } from '../artifact/artifact.ts';
import { DOCUMENTS, release as releaseSchema, type DocumentName, type Release } from '../schema/api.ts';
import { pathExists, writeFileDurably } from '../fs/durable.ts';
import { redactLocation } from '../fs/redact.ts';

export interface StoredRelease {
  record: Release;
  bodies: ReadonlyMap<DocumentName, Buffer>;
  /** The stored brotli files, verified against the manifest on load, reused by the build. */
  compressed?: ReadonlyMap<DocumentName, Buffer>;
}

export const RELEASE_ID = /^(\d{4}-\d{2}-\d{2})(?:\.(\d+))?$/;
export const DOCUMENT_NAMES = Object.keys(DOCUMENTS) as DocumentName[];

export function compareReleaseIds(a: string, b: string): number {
  const [, da, na] = RELEASE_ID.exec(a) ?? [];
  const [, db, nb] = RELEASE_ID.exec(b) ?? [];
  return (da ?? '').localeCompare(db ?? '') || Number(na ?? 1) - Number(nb ?? 1);
}

/** The id for a release made on `date`: the date, or date.N after N-1 earlier releases that day. */
export function nextReleaseId(existing: readonly string[], date: string): string {
  const sameDay = existing.map((id) => RELEASE_ID.exec(id)).filter((m) => m?.[1] === date);
  if (sameDay.length === 0) return date;
  return `${date}.${Math.max(...sameDay.map((m) => Number(m![2] ?? 1))) + 1}`;
}

export async function listReleaseIds(releasesDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(releasesDir);
  } catch {
    return [];
  }
  return names.filter((n) => RELEASE_ID.test(n)).sort(compareReleaseIds);
}

export async function readRelease(releasesDir: string, id: string): Promise<StoredRelease> {
  const dir = path.join(releasesDir, id);
  const raw = JSON.parse(await readFile(path.join(dir, 'release.json'), 'utf8')) as unknown;
  const parsed = releaseSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `releases/${id}/release.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  // Upstream locations are published redacted, even from a record written before redaction existed.
  const record = {
    ...parsed.data,
    upstreams: parsed.data.upstreams.map((u) => ({ ...u, location: redactLocation(u.location) })),
  };
  if (record.id !== id)
    throw new Error(`releases/${id}/release.json: id is ${record.id}, must equal the directory name`);
  const bodies = new Map<DocumentName, Buffer>();
  const compressed = new Map<DocumentName, Buffer>();
  for (const name of DOCUMENT_NAMES) {
    const stored = await readFile(path.join(dir, `${name}.br`));
    const body = brotliDecompressSync(stored);
    const entry = record.documents.find((d) => d.path === `/api/v/${id}/${name}`);
    if (!entry) throw new Error(`releases/${id}/release.json: no manifest entry for ${name}`);
    if (entry.sha256 !== sha256Hex(body) || entry.bytes !== body.length)
      throw new Error(
        `releases/${id}/${name}.br: content does not match the SHA-256 manifest (release files are immutable)`,
      );
    bodies.set(name, body);
    compressed.set(name, stored);
  }
  return { record, bodies, compressed };
}

/** Every release, oldest first. */
export async function loadReleases(releasesDir: string): Promise<StoredRelease[]> {
  const releases: StoredRelease[] = [];
  for (const id of await listReleaseIds(releasesDir)) releases.push(await readRelease(releasesDir, id));
  return releases;
}

/**
 * Files of a release directory, ready to write. `compressed` may supply brotli bodies already
 * made (the artifact has them, with the same settings); each is checked before it is used.
 */
export function releaseFiles(
  release: StoredRelease,
  compressed: (name: DocumentName) => Buffer | undefined = () => undefined,
): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set('release.json', Buffer.from(`${JSON.stringify(release.record, null, 2)}\n`));
  for (const [name, body] of release.bodies) {
    const ready = compressed(name);
    files.set(`${name}.br`, ready && brotliDecompressSync(ready).equals(body) ? ready : brotli(body));
  }
  return files;
}

/** Writes releases/<id>/ from complete files via a temporary directory and one rename. Idempotent. */
export async function writeReleaseDir(
  releasesDir: string,
  id: string,
  files: ReadonlyMap<string, Buffer>,
): Promise<boolean> {
  const finalDir = path.join(releasesDir, id);
  if (await pathExists(path.join(finalDir, 'release.json'))) return false;
  await mkdir(releasesDir, { recursive: true });
  const tmpDir = path.join(releasesDir, `.tmp-${id}-${process.pid}-${Date.now()}`);
  for (const [name, data] of files) await writeFileDurably(path.join(tmpDir, name), data);
  await rm(finalDir, { recursive: true, force: true });
  await rename(tmpDir, finalDir);
  return true;
}
