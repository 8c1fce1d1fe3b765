/**
 * Shared by the browser suites: Debian's Chromium (playwright-core, no bundled browser), whether
 * it is missing (the suites skip locally with the reason and fail under CI), opening a page that
 * records its errors, and axe-core's serious and critical violations on a page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function chromiumMissing(): string | null {
  if (existsSync(CHROMIUM)) return null;
  const reason = `Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) return null; // under CI the suite runs and fails on launch
  console.warn(`skipping the browser suite: ${reason}`);
  return reason;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

/** Opens `urlPath` in a new page whose uncaught errors and console errors are added to `problems`; it must answer 200. */
export async function openWatched(
  ctx: BrowserContext,
  baseUrl: string,
  urlPath: string,
  problems: string[],
): Promise<Page> {
  const page = await ctx.newPage();
  page.on('pageerror', (error) => problems.push(`${urlPath}: uncaught: ${error.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${urlPath}: console error: ${m.text()}`);
  });
  const response = await page.goto(`${baseUrl}${urlPath}`, { waitUntil: 'load' });
  if (response?.status() !== 200) throw new Error(`${urlPath} answered ${response?.status() ?? 'nothing'}, not 200`);
  return page;
}

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
}

/**
 * axe-core's serious and critical violations on the page, one line each with up to three targets: of every rule, or
 * of the `rules` named (axe rule ids).
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not govern.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, rules);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
}
