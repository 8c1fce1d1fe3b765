/** HTML building blocks for the pages rendered at build time: escaping and the page shell. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and double-quoted attribute values. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A field path such as `pricingDetails.tiers` or `replacedBy`, escaped, with break opportunities only after a dot and
 * before an inner capital: a narrow table cell then wraps it between words ("replaced/By"), never inside one.
 */
export function fieldPath(path: string): string {
  return esc(path)
    .replace(/\.(?=.)/g, '.<wbr>')
    .replace(/([a-z0-9])(?=[A-Z])/g, '$1<wbr>');
}

/** "/api/v/2026-11-22/" -> "<root>api/v/2026-11-22/": published paths are root-relative; the page's links are relative. */
export function relativeApi(path: string, root: string): string {
  return `${root}${path.replace(/^\/+/, '')}`;
}

/** Text with every https:// URL in it turned into a link (the rest escaped). */
export function linkify(text: string): string {
  const out: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/https:\/\/[^\s"'<>)\]]+[^\s"'<>)\].,;:]/g)) {
    out.push(esc(text.slice(last, match.index)), `<a href="${esc(match[0])}" rel="noopener">${esc(match[0])}</a>`);
    last = match.index! + match[0].length;
  }
  out.push(esc(text.slice(last)));
  return out.join('');
}

/** Paragraphs from text with blank-line (or single newline) breaks. */
export function paragraphs(text: string): string {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p)}</p>`)
    .join('\n');
}

export interface Assets {
  /** Inlined, not linked: see styles.ts. */
  stylesheet: string;
  js: string;
  icon: string;
}

export interface PageShell {
  /** Canonical URL path of the page, e.g. /models/gpt-5-4/ */
  path: string;
  title: string;
  description: string;
  /** The page's main content. */
  body: string;
  /** Documents that back this view, as paths under /api/ (e.g. "tools.json"). */
  data: string[];
  lastUpdated: string;
  assets: Assets;
  /** Which navigation entry is current. */
  section:
    | 'models'
    | 'compare'
    | 'calculator'
    | 'prices'
    | 'use-cases'
    | 'platforms'
    | 'changes'
    | 'method'
    | 'about'
    | null;
}

/** Relative prefix from a page to the site root: "" for /, "../" for /a/, "../../" for /a/b/. */
export function rootOf(path: string): string {
  const depth = path.split('/').filter(Boolean).length;
  return depth === 0 ? './' : '../'.repeat(depth);
}

const NAV: [PageShell['section'], string, string][] = [
  ['models', '', 'Models'],
  ['compare', 'compare/', 'Compare'],
  ['calculator', 'calculator/', 'Cost calculator'],
  ['prices', 'prices/', 'Price history'],
  ['use-cases', 'use-cases/', 'Use cases'],
  ['platforms', 'platforms/', 'Platforms'],
  ['changes', 'changes/', 'Changes'],
  ['method', 'method/', 'Method'],
  ['about', 'about/', 'API'],
];

/** One complete HTML document. Every URL in it is relative, so any static host serves it from any folder. */
export function page(shell: PageShell): string {
  const root = rootOf(shell.path);
  const nav = NAV.map(([section, href, label]) => {
    const current = section === shell.section ? ' aria-current="page"' : '';
    return `<li><a href="${root}${href}"${current}>${label}</a></li>`;
  }).join('');
  const data = shell.data.map((name) => `<a href="${root}api/${esc(name)}">${esc(name)}</a>`).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(shell.title)}</title>
<meta name="description" content="${esc(shell.description)}">
<link rel="icon" href="${root}${shell.assets.icon}" type="image/svg+xml">
<style>${shell.assets.stylesheet}</style>
<script src="${root}${shell.assets.js}" defer></script>
</head>
<body data-root="${root}">
<a class="skip" href="#main">Skip to content</a>
<header class="site"><a class="brand" href="${root}">AI Coding Models Directory</a>
<nav aria-label="Site"><ul>${nav}</ul></nav></header>
<main id="main">
${shell.body}
</main>
<footer class="site"><p>Data behind this page: ${data}. API: <a href="${root}api/index.json">endpoint index</a>, <a href="${root}api/openapi.json">OpenAPI 3.1</a>, <a href="${root}about/">guide</a>. Data updated <time datetime="${esc(shell.lastUpdated)}">${esc(shell.lastUpdated.slice(0, 10))}</time>. Data CC0 1.0, code MIT.</p></footer>
</body>
</html>
`;
}
