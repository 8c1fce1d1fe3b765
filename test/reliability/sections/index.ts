/**
 * The sections `npm run test:reliability` runs, in this order. To add one (upstream faults,
 * kill -9 during publish, secrets...), write a Section (../section.ts) that returns rows with the
 * columns it measures (../report.ts; add a column and a goal there if none fits) and list it here.
 */
import type { Section } from '../section.ts';
import { REFRESH_SECTIONS } from '../refresh-sections.ts';
import { followerFaults } from './follower-faults.ts';
import { fuzz } from './fuzz.ts';
import { lockContention } from './lock-contention.ts';
import { meaning } from './meaning.ts';
import { mixedLoad } from './load.ts';
import { oneRun } from './one-run.ts';
import { redirects } from './redirects.ts';
import { saySo } from './say-so.ts';
import { shutdown } from './shutdown.ts';
import { slowClients } from './slow-clients.ts';

export const SECTIONS: readonly Section[] = [
  fuzz,
  slowClients,
  mixedLoad,
  shutdown,
  followerFaults,
  lockContention,
  redirects,
  meaning,
  oneRun,
  saySo,
  ...REFRESH_SECTIONS,
];
