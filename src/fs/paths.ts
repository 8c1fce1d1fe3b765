/**
 * Where the project's files live (data, artifact, state, releases, refresh config), overridable by
 * environment variables and CLI flags. Resolved from this file's location, which is two levels
 * below the project root both as source (src/fs/) and compiled (out/fs/).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const PATHS = {
  data: process.env.DIRECTORY_DATA_DIR ?? path.join(ROOT, 'data'),
  dist: process.env.DIRECTORY_DIST ?? path.join(ROOT, 'dist'),
  state: process.env.DIRECTORY_STATE_DIR ?? path.join(ROOT, '.state'),
  /**
   * Files the build has made once and reuses (content-addressed: the releases' served bytes and
   * compressed copies). Outside the checkout, so every clone on a machine shares it (a fresh
   * clone's first build then compresses no release another clone already did). Safe to delete
   * at any time; a build fills it again.
   */
  cache:
    process.env.DIRECTORY_CACHE_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'ai-coding-models', 'files'),
  /** Immutable dated releases (tracked in git so static deployments keep their history). */
  releases: process.env.DIRECTORY_RELEASES_DIR ?? path.join(ROOT, 'releases'),
  /** Refresh settings: schedule, upstream locations, limits and bounds (src/refresh/config.ts). */
  refreshConfig: process.env.DIRECTORY_REFRESH_CONFIG ?? path.join(ROOT, 'refresh.config.json'),
};
