/**
 * Issue 32: a build's cost does not grow with the history it publishes. Old artifacts are pruned without the
 * publisher waiting for their removal (renamed aside, then removed by a detached process), and an artifact's
 * thousands of hard links are made in batches. Real files in a temporary directory, the real publisher.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareArtifact, publishArtifact, serializeJson } from '../../src/artifact/artifact.ts';
import { linkMany } from '../../src/fs/many-files.ts';

const prepared = (n: number) =>
  prepareArtifact(
    [{ urlPath: '/api/x.json', contentType: 'application/json; charset=utf-8', body: serializeJson({ n }) }],
    `2026-11-2${n}T06:00:00Z`,
  );

describe('pruning old artifacts', () => {
  let root: string;
  const dist = () => path.join(root, 'dist');
  const artifacts = () => path.join(root, '.artifacts');
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'acmd-prune-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps the newest three, serves the newest, and removes the others after the publish returns', async () => {
    for (let n = 1; n <= 5; n++) await publishArtifact(prepared(n), dist(), 3);
    expect(JSON.parse(await readFile(path.join(dist(), 'api/x.json'), 'utf8'))).toEqual({ n: 5 });
    const kept = (await readdir(artifacts())).filter((name) => !name.includes('.trash-'));
    expect(kept).toHaveLength(3);
    expect(kept).toContain(prepared(5).manifest.buildId);
    // What was pruned is gone once its detached removal finishes; nothing is left under a build id meanwhile.
    await expect.poll(async () => readdir(artifacts()), { timeout: 10_000 }).toHaveLength(3);
  });

  it('removes a pruned artifact a killed removal left behind at the next publish', async () => {
    const left = path.join(artifacts(), 'deadbeefdeadbeef.trash-1-1');
    await mkdir(path.join(left, 'api'), { recursive: true });
    await writeFile(path.join(left, 'api', 'x.json'), '{}');
    await publishArtifact(prepared(6), dist(), 3);
    await expect
      .poll(async () => (await readdir(artifacts())).includes(path.basename(left)), { timeout: 10_000 })
      .toBe(false);
  });

  it('leaves a pruned artifact to the removal still running on it, and takes over one whose remover has gone', async () => {
    // This test's own process stands for a remover still running; pid 2^22+1 is above Linux's largest pid.
    const running = path.join(artifacts(), `cafecafecafecafe.trash-1-1.by-${process.pid}`);
    const gone = path.join(artifacts(), `feedfeedfeedfeed.trash-1-1.by-${2 ** 22 + 1}`);
    for (const dir of [running, gone]) {
      await mkdir(path.join(dir, 'api'), { recursive: true });
      await writeFile(path.join(dir, 'api', 'x.json'), '{}');
    }
    await publishArtifact(prepared(7), dist(), 3);
    await expect
      .poll(async () => (await readdir(artifacts())).some((name) => name.startsWith('feedfeedfeedfeed')), {
        timeout: 10_000,
      })
      .toBe(false);
    expect(await readdir(artifacts())).toContain(path.basename(running));
    await rm(running, { recursive: true });
  });
});

describe('linking many files', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'acmd-links-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('hard-links every pair, and hands one the file system cannot link to the fallback', async () => {
    const sources = await Promise.all(
      Array.from({ length: 600 }, async (_, i) => {
        const file = path.join(root, `s${i}`);
        await writeFile(file, String(i));
        return file;
      }),
    );
    // A directory cannot be hard-linked (EPERM): it stands for a pair on another file system.
    const unlinkable = path.join(root, 'a-directory');
    await mkdir(unlinkable);
    await mkdir(path.join(root, 'out'));
    const pairs = [...sources, unlinkable].map((source, i) => [source, path.join(root, 'out', `t${i}`)] as const);
    const fallback: string[] = [];
    await linkMany(pairs, async (source, target) => {
      fallback.push(source);
      await writeFile(target, 'copied');
    });
    expect(fallback).toEqual([unlinkable]);
    const [first, last] = await Promise.all([stat(pairs[0]![1]), stat(pairs[599]![1])]);
    expect(first.ino).toBe((await stat(sources[0]!)).ino);
    expect(last.nlink).toBe(2);
  });

  it('refuses to link over a file that is already there', async () => {
    const source = path.join(root, 's0');
    await expect(linkMany([[source, path.join(root, 'out', 't1')]], async () => {})).rejects.toThrow(/EEXIST/);
  });
});
