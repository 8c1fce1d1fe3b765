/**
 * The shape of `artifact.json`, checked: what prepareArtifact writes, what the server loads and
 * what a follower accepts from an origin. Header values in it go straight into responses, so
 * each is held to what HTTP allows (RFC 9110 5.5: visible ASCII, spaces and tabs inside; no
 * CR, LF, other control characters or non-ASCII), and every file name stays inside the artifact.
 */
export interface Representation {
  file: string;
  bytes: number;
  etag: string;
}

export interface ManifestEntry {
  contentType: string;
  sha256: string;
  cacheControl: string;
  /** When this file was modified, if not when the artifact was (`lastModified`): a dated release's documents keep their publication time. */
  lastModified?: string;
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

export interface ArtifactManifest {
  buildId: string;
  lastModified: string;
  files: Record<string, ManifestEntry>;
}

export class ManifestError extends Error {
  override name = 'ManifestError';
}

const BUILD_ID = /^[0-9a-f]{8,64}$/;
const SHA256 = /^[0-9a-f]{64}$/;
/** A relative path of safe characters, no `.` or `..` segment, no leading slash. */
const SAFE_FILE = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._~@+\-/]+$/;
/** An absolute URL path of the characters the artifact uses. */
const URL_PATH = /^\/[A-Za-z0-9._~@+\-/]*$/;
/** type/subtype with optional parameters, visible ASCII only (RFC 9110 8.3.1). */
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(?:[ \t]*;[ \t]*[A-Za-z0-9!#$&^_.+-]+=[\x21-\x7e]+)*$/;
/** A field value: visible ASCII, with single spaces or tabs inside (RFC 9110 5.5). */
const FIELD_VALUE = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/;
/** A strong or weak entity tag (RFC 9110 8.8.3). */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e]*"$/;
/** An ISO 8601 UTC timestamp, as the build writes `lastModified`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

const CODINGS = ['identity', 'br', 'gzip'] as const;

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 120) ?? String(value);

function fail(where: string, field: string, value: unknown, rule: string): never {
  throw new ManifestError(`${where}: ${field} ${shown(value)} ${rule}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkRepresentation(where: string, coding: string, value: unknown): Representation {
  if (!isObject(value)) fail(where, coding, value, 'is not a representation');
  const { file, bytes, etag } = value;
  if (typeof file !== 'string' || !SAFE_FILE.test(file) || file === 'artifact.json')
    fail(where, `${coding}.file`, file, 'is not a safe file name inside the artifact');
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0)
    fail(where, `${coding}.bytes`, bytes, 'is not a byte count');
  if (typeof etag !== 'string' || !ENTITY_TAG.test(etag)) fail(where, `${coding}.etag`, etag, 'is not an entity tag');
  return { file, bytes, etag };
}

function checkEntry(where: string, value: unknown): ManifestEntry {
  if (!isObject(value)) fail(where, 'entry', value, 'is not an object');
  const { contentType, sha256, cacheControl } = value;
  if (typeof contentType !== 'string' || !MEDIA_TYPE.test(contentType))
    fail(where, 'contentType', contentType, 'is not a media type');
  if (typeof cacheControl !== 'string' || !FIELD_VALUE.test(cacheControl))
    fail(where, 'cacheControl', cacheControl, 'is not an HTTP field value');
  if (typeof sha256 !== 'string' || !SHA256.test(sha256)) fail(where, 'sha256', sha256, 'is not a SHA-256');
  const entry: ManifestEntry = {
    contentType,
    sha256,
    cacheControl,
    identity: checkRepresentation(where, 'identity', value.identity),
  };
  if (value.lastModified !== undefined) {
    const { lastModified } = value;
    if (typeof lastModified !== 'string' || !ISO_TIME.test(lastModified) || !Number.isFinite(Date.parse(lastModified)))
      fail(where, 'lastModified', lastModified, 'is not an ISO 8601 UTC time');
    entry.lastModified = lastModified;
  }
  for (const coding of CODINGS.slice(1) as ('br' | 'gzip')[])
    if (value[coding] !== undefined) entry[coding] = checkRepresentation(where, coding, value[coding]);
  return entry;
}

/** `value` as a manifest, or a ManifestError naming `source`, the field and the offending value. */
export function checkManifest(value: unknown, source = 'artifact.json'): ArtifactManifest {
  if (!isObject(value)) fail(source, 'the document', value, 'is not an object');
  const { buildId, lastModified, files } = value;
  if (typeof buildId !== 'string' || !BUILD_ID.test(buildId)) fail(source, 'buildId', buildId, 'is not a build id');
  if (typeof lastModified !== 'string' || !ISO_TIME.test(lastModified) || !Number.isFinite(Date.parse(lastModified)))
    fail(source, 'lastModified', lastModified, 'is not an ISO 8601 UTC time');
  if (!isObject(files)) fail(source, 'files', files, 'is not an object');
  const checked: Record<string, ManifestEntry> = {};
  for (const [urlPath, entry] of Object.entries(files)) {
    if (!URL_PATH.test(urlPath)) fail(source, 'files key', urlPath, 'is not a URL path');
    checked[urlPath] = checkEntry(`${source} ${urlPath}`, entry);
  }
  return { buildId, lastModified, files: checked };
}

/** Every representation of an entry (identity first). */
export function representationsOf(entry: ManifestEntry): Representation[] {
  return CODINGS.map((coding) => entry[coding]).filter((rep): rep is Representation => rep !== undefined);
}

/** The manifest of `body`, parsed and checked. */
export function parseManifest(body: Buffer | string, source = 'artifact.json'): ArtifactManifest {
  let value: unknown;
  try {
    value = JSON.parse(body.toString());
  } catch (error) {
    throw new ManifestError(`${source} is not valid JSON (${(error as Error).message})`);
  }
  return checkManifest(value, source);
}
