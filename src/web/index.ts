/**
 * The web page: given the published documents, every file of the site that explores them.
 * Pages are HTML rendered here at build time (pure functions of the documents), with one
 * stylesheet, one icon and one script (src/web/browser/, bundled with the cost engine) under
 * content-hashed names in /assets/. Every link is relative, so any static host serves the
 * site from any folder. Depends only on src/schema (types) and src/cost.
 */
import { createHash } from 'node:crypto';
import { browserBundle } from './bundle.ts';
import { page, rootOf, type Assets, type PageShell } from './html.ts';
import { renderCalculator } from './pages/calculator.ts';
import { renderChanges } from './pages/changes.ts';
import { renderPrices } from './pages/prices.ts';
import { renderCompare } from './pages/compare.ts';
import { renderHome } from './pages/home.ts';
import { renderModel } from './pages/model.ts';
import {
  renderAbout,
  renderMethod,
  renderPlatform,
  renderPlatformIndex,
  renderUseCase,
  renderUseCaseIndex,
} from './pages/sections.ts';
import { ICON, STYLESHEET } from './styles.ts';
import { type Site, siteOf, type WebInput } from './view.ts';

export type { WebInput } from './view.ts';

export interface WebFile {
  /** URL path: a page's canonical URL ends with "/" (its file is index.html there); assets are files. */
  urlPath: string;
  type: 'html' | 'js' | 'svg';
  body: Buffer;
  /** Content-hashed assets never change. */
  immutable: boolean;
}

function hashed(name: string, ext: string, body: Buffer): string {
  return `assets/${name}.${createHash('sha256').update(body).digest('hex').slice(0, 10)}.${ext}`;
}

/** The documents, and the endpoints the API guide lists. */
type SiteInput = WebInput & { endpoints?: { path: string; summary: string }[] };

/** One HTML page: its URL path and what its shell needs besides the assets and the data date. */
interface PageSpec {
  path: string;
  shell: Omit<PageShell, 'path' | 'assets' | 'lastUpdated'>;
}

/** The script and the icon, under content-hashed names (so they can be cached for ever); the stylesheet is inlined. */
function assetFiles(): { assets: Assets; files: WebFile[] } {
  const js = Buffer.from(browserBundle());
  const icon = Buffer.from(ICON);
  const assets: Assets = {
    stylesheet: STYLESHEET,
    js: hashed('app', 'js', js),
    icon: hashed('icon', 'svg', icon),
  };
  const files: WebFile[] = [
    { urlPath: `/${assets.js}`, type: 'js', body: js, immutable: true },
    { urlPath: `/${assets.icon}`, type: 'svg', body: icon, immutable: true },
  ];
  return { assets, files };
}

/** The model table and chart at `/`, then one page per model. */
function modelPages(site: Site, input: WebInput): PageSpec[] {
  const home = renderHome(site, rootOf('/'));
  const pages: PageSpec[] = [
    {
      path: '/',
      shell: {
        title: 'AI Coding Models Directory: prices, context windows and benchmark scores',
        description: `Compare ${site.tools.length} AI coding models: list prices, cache prices, context windows, release months and benchmark scores, each with its source.`,
        body: home.body,
        data: ['tools.json', 'benchmarks.json', 'platforms.json', 'categories.json'],
        section: 'models',
      },
    },
  ];
  for (const tool of site.tools) {
    const path = `/models/${tool.id}/`;
    const model = renderModel(site, tool, rootOf(path));
    pages.push({
      path,
      shell: {
        title: `${tool.name}: price, context, benchmarks`,
        description: model.description,
        body: model.body,
        data: [
          `models/${tool.id}.json`,
          'tools.json',
          'benchmarks.json',
          'platforms.json',
          ...(input.priceHistory ? ['price-history.json'] : []),
        ],
        section: 'models',
      },
    });
  }
  return pages;
}

/** Every model's price changes and promotions over the recorded history, with the price history behind it. */
function pricesPage(site: Site, input: WebInput): PageSpec {
  return {
    path: '/prices/',
    shell: {
      title: 'Price history: list-price changes and promotions of every AI coding model',
      description:
        'Every recorded change of a model’s list price, every promotion with its first and last day, and other pricing terms, by date.',
      body: renderPrices(site, rootOf('/prices/')),
      data: input.priceHistory ? ['price-history.json', 'tools.json'] : ['tools.json'],
      section: 'prices',
    },
  };
}

function comparePage(site: Site): PageSpec {
  return {
    path: '/compare/',
    shell: {
      title: 'Compare AI coding models side by side',
      description: 'Two to four models side by side: prices, caching, limits, benchmarks with intervals, platforms.',
      body: renderCompare(site, rootOf('/compare/')),
      data: ['tools.json', 'benchmarks.json', 'platforms.json'],
      section: 'compare',
    },
  };
}

function calculatorPage(site: Site): PageSpec {
  return {
    path: '/calculator/',
    shell: {
      title: 'Cost calculator: monthly cost of every AI coding model',
      description:
        'Enter tokens per request and requests per month to see what every model costs, with cache prices, long-context tiers and promotions.',
      body: renderCalculator(site, rootOf('/calculator/')),
      data: ['tools.json', 'platforms.json', 'benchmarks.json', 'use-cases.json'],
      section: 'calculator',
    },
  };
}

/** The use-case index, then one page per use case. */
function useCasePages(site: Site): PageSpec[] {
  const index: PageSpec = {
    path: '/use-cases/',
    shell: {
      title: 'Use cases: the best AI model for each coding task',
      description: 'Coding tasks with a typical request and the models that fit them best.',
      body: renderUseCaseIndex(site, rootOf('/use-cases/')),
      data: ['use-cases.json'],
      section: 'use-cases',
    },
  };
  return [
    index,
    ...site.useCases.map((useCase): PageSpec => {
      const path = `/use-cases/${useCase.id}/`;
      return {
        path,
        shell: {
          title: useCase.title,
          description: useCase.description,
          body: renderUseCase(site, useCase, rootOf(path)),
          data: ['use-cases.json', 'tools.json', 'benchmarks.json'],
          section: 'use-cases',
        },
      };
    }),
  ];
}

/** The platform index, then one page per platform. */
function platformPages(site: Site): PageSpec[] {
  const index: PageSpec = {
    path: '/platforms/',
    shell: {
      title: 'Coding platforms and the models they offer',
      description: 'IDEs, editors and CLIs, their plans, models and billing.',
      body: renderPlatformIndex(site, rootOf('/platforms/')),
      data: ['platforms.json'],
      section: 'platforms',
    },
  };
  return [
    index,
    ...site.platforms.map((platform): PageSpec => {
      const path = `/platforms/${platform.id}/`;
      return {
        path,
        shell: {
          title: `${platform.name}: models and billing`,
          description: platform.description,
          body: renderPlatform(site, platform, rootOf(path)),
          data: ['platforms.json', 'tools.json'],
          section: 'platforms',
        },
      };
    }),
  ];
}

/** The change log (the release history when the artifact has one, else freshness), the API guide and the method. */
function changesAndAboutPages(site: Site, input: SiteInput): PageSpec[] {
  return [
    {
      path: '/changes/',
      shell: {
        title: 'Changes: this week in AI coding models, and every release',
        description:
          'The week’s new models, retirements, deprecations, price changes, first scores and rank moves, then every release of the dataset with its changes, the Atom feed and dated snapshots.',
        body: renderChanges(site, rootOf('/changes/')),
        data: input.changes ? ['changes.json', 'manifest.json'] : ['freshness.json'],
        section: 'changes',
      },
    },
    {
      path: '/about/',
      shell: {
        title: 'The data and the API',
        description: 'The JSON endpoints behind the directory, their schemas and how scores are made.',
        body: renderAbout(rootOf('/about/'), input.endpoints ?? []),
        data: ['index.json', 'openapi.json'],
        section: 'about',
      },
    },
    {
      path: '/method/',
      shell: {
        title: 'How scores, ranks and costs are made',
        description:
          'Where the benchmark results come from, which series count, estimates and intervals, rank ranges, picks and costs.',
        body: renderMethod(site, rootOf('/method/')),
        data: ['benchmarks.json'],
        section: 'method',
      },
    },
  ];
}

export function webFiles(input: SiteInput): WebFile[] {
  const site = siteOf(input);
  const { assets, files } = assetFiles();
  const pages = [
    ...modelPages(site, input),
    calculatorPage(site),
    pricesPage(site, input),
    comparePage(site),
    ...useCasePages(site),
    ...platformPages(site),
    ...changesAndAboutPages(site, input),
  ];
  for (const { path, shell } of pages)
    files.push({
      urlPath: path,
      type: 'html',
      body: Buffer.from(page({ ...shell, path, assets, lastUpdated: site.lastUpdated })),
      immutable: false,
    });
  return files;
}
