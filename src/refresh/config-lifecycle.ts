/**
 * Settings of the lifecycle upstreams: machine-readable lists of model retirements, each read in
 * its published format. A source states who publishes it and what its rows are about: `scope`
 * `platform` rows say that one coding platform (`platform`, an id in data/platforms/) stopped or
 * will stop offering a model, which never changes the model's status on its provider's API.
 */
import { z } from 'zod';
import { sourceKind } from '../schema/common.ts';

export const LIFECYCLE_FORMATS = ['copilot-retirements'] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug');

export const lifecycleSource = z
  .object({
    name: slug.describe('Name of the upstream in reports, status and releases.'),
    location: z.string().min(1).describe('URL or file of the upstream, or "skip".'),
    format: z.enum(LIFECYCLE_FORMATS),
    sourceUrl: z
      .string()
      .regex(/^https:\/\//, 'must be an https URL')
      .describe('https URL recorded as the source of each imported event (where a reader can check it).'),
    sourceName: z.string().min(1).describe('Name of the source recorded with each imported event.'),
    sourceKind: sourceKind.describe('Kind of the source, from the taxonomy of every fact source.'),
    scope: z
      .literal('platform')
      .describe('What the rows are about: `platform`, one coding platform (provider-API lists are not read yet).'),
    platform: slug.describe('Id of the platform in data/platforms/ the rows are about.'),
    aliases: z
      .record(z.string().min(1), slug)
      .default({})
      .describe("The list's own model names -> tool id, where no id, name or alias a tool records matches."),
  })
  .strict();

export type LifecycleSource = z.infer<typeof lifecycleSource>;

export const lifecycleSources = z
  .array(lifecycleSource)
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'names a source twice')
  .describe('Lifecycle upstreams, each in its published format.');
