/**
 * The setup every browser suite repeats: one Chromium per suite (skipped locally when it is missing, failing
 * under CI), and for each runnable target (the Node server, nginx where installed) a `served by <name>` block
 * with that target started on the test artifact and a browser context of the suite's viewport, closed and
 * stopped after its tests. The suite's own beforeAll hooks run after these, so they may read what is served.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { chromiumMissing, launchChromium, openWatched } from '../browser/chromium.ts';
import { httpRequest } from './http.ts';
import { runnableTargets, startTarget, type Target, type TargetName } from './targets.ts';

/** One target as a browser suite's tests see it; its fields are there once the block's beforeAll ran. */
export interface Served {
  readonly name: TargetName;
  /** The suite's browser, for a context of another size, a phone or one without scripts. */
  readonly browser: Browser;
  readonly target: Target;
  /** The context of the suite's viewport, shared by the block's tests. */
  readonly context: BrowserContext;
  /** A JSON document the target serves, parsed as the caller types it. */
  json<T>(urlPath: string): Promise<T>;
  /** A page of the target in the shared context that adds its uncaught and console errors to `problems`. */
  open(urlPath: string, problems: string[]): Promise<Page>;
}

export interface BrowserSuite {
  viewport: { width: number; height: number };
  /** Runs before Chromium starts (a folder for screenshots). */
  setup?: () => Promise<unknown>;
}

/** Started once per block: the target, then the context (so a failed context still stops its target). */
interface Started {
  target: Target;
  context?: BrowserContext;
}

function readyOf<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is read before the suite's beforeAll started it`);
  return value;
}

/** `describe(title)` in Chromium, with `body` registered once per runnable target. */
export function describeServed(title: string, suite: BrowserSuite, body: (served: Served) => void): void {
  describe.skipIf(chromiumMissing() !== null)(title, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      await suite.setup?.();
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    describe.each(runnableTargets())('served by %s', (name) => {
      let started: Started | undefined;
      const served: Served = {
        name,
        get browser() {
          return readyOf(browser, 'the browser');
        },
        get target() {
          return readyOf(started, 'the target').target;
        },
        get context() {
          return readyOf(started?.context, 'the browser context');
        },
        async json<T>(urlPath: string): Promise<T> {
          return JSON.parse((await httpRequest(`${served.target.baseUrl}${urlPath}`)).body.toString('utf8')) as T;
        },
        open: (urlPath, problems) => openWatched(served.context, served.target.baseUrl, urlPath, problems),
      };
      beforeAll(async () => {
        started = { target: await startTarget(name, inject('distPath')) };
        started.context = await served.browser.newContext({ viewport: suite.viewport });
      });
      afterAll(async () => {
        await started?.context?.close();
        await started?.target.stop();
      });
      body(served);
    });
  });
}
