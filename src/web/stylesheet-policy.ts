/**
 * The Content-Security-Policy source that allows exactly the stylesheet every page inlines. Pages
 * inline it rather than link it because on a slow phone a linked stylesheet is one more round trip
 * that holds back the first paint (about a fifth of it, `npm run measure:page`). Kept apart from
 * styles.ts, which the browser bundle reaches, because hashing needs node:crypto.
 */
import { createHash } from 'node:crypto';
import { STYLESHEET } from './styles.ts';

export const STYLESHEET_CSP_SOURCE = `'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`;
