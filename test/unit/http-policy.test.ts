import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, INLINE_STYLESHEET_SOURCE } from '../../src/artifact/http-policy.ts';
import { page } from '../../src/web/html.ts';
import { STYLESHEET_CSP_SOURCE } from '../../src/web/stylesheet-policy.ts';
import { STYLESHEET } from '../../src/web/styles.ts';

const NGINX_CONF = new URL('../../deploy/nginx.conf', import.meta.url);

describe('the pages’ Content-Security-Policy allows their one inline stylesheet and nothing else', () => {
  it('names the hash of the stylesheet the pages inline (after a style change, run npm run docs)', () => {
    expect(INLINE_STYLESHEET_SOURCE).toBe(STYLESHEET_CSP_SOURCE);
    expect(CONTENT_SECURITY_POLICY).toContain(`style-src ${STYLESHEET_CSP_SOURCE};`);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });

  it('is the policy nginx sends for every page', () => {
    const policies = [...readFileSync(NGINX_CONF, 'utf8').matchAll(/add_header Content-Security-Policy "([^"]*)"/g)];
    expect(policies.length).toBeGreaterThan(0);
    for (const [, policy] of policies) expect(policy).toBe(CONTENT_SECURITY_POLICY);
  });

  it('is satisfied by a page: one <style> whose text is exactly the hashed stylesheet, and no stylesheet link', () => {
    const html = page({
      path: '/models/x/',
      title: 't',
      description: 'd',
      body: '<p>x</p>',
      data: ['tools.json'],
      section: null,
      assets: { stylesheet: STYLESHEET, js: 'assets/app.js', icon: 'assets/icon.svg' },
      lastUpdated: '2026-11-24T00:00:00Z',
    });
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([STYLESHEET]);
    expect(html).not.toMatch(/<link rel="stylesheet"|style="/);
  });
});

describe('nginx serves every page the artifact holds', () => {
  it('each page directory of the artifact matches the location nginx answers pages from (a page missing from it is a 404 there)', () => {
    const conf = readFileSync(NGINX_CONF, 'utf8');
    const [, pattern] = /location ~ (\^\/\(\?:\(\?:models[^ ]*\/\$) \{/.exec(conf) ?? [];
    expect(pattern, 'the page location in deploy/nginx.conf').toBeDefined();
    const pageLocation = new RegExp(pattern!);
    const manifest = JSON.parse(readFileSync(path.join(inject('distPath'), 'artifact.json'), 'utf8')) as {
      files: Record<string, unknown>;
    };
    const pages = Object.keys(manifest.files).filter((p) => p.endsWith('/') && p !== '/');
    expect(pages).toContain('/compare/');
    expect(pages.filter((p) => !pageLocation.test(p))).toEqual([]);
  });
});
