/** The OpenAPI 3.1 document, generated from the same zod schemas as the types and validation. */
import { z } from 'zod';
import { DOCUMENTS, errorDocument, freshnessDocument } from './api.ts';

function componentSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

const componentName = (file: string) =>
  file
    .replace('.json', '')
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('') + 'Document';

export function buildOpenApi(): Record<string, unknown> {
  const documents = { ...Object.fromEntries(Object.entries(DOCUMENTS).map(([file, d]) => [file, { schema: d.schema as z.ZodType, summary: d.summary as string }])) };
  documents['freshness.json'] = { schema: freshnessDocument, summary: 'Timestamps, versions, counts and ETags of every endpoint, and the refresh status.' };
  const schemas: Record<string, unknown> = { ErrorDocument: componentSchema(errorDocument) };
  const paths: Record<string, unknown> = {};
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDocument' } } } });
  for (const [file, { schema, summary }] of Object.entries(documents)) {
    const name = componentName(file);
    schemas[name] = componentSchema(schema);
    paths[`/${file}`] = {
      get: {
        operationId: `get${name.replace('Document', '')}`,
        summary,
        parameters: [
          { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'ETag from a previous response; a match returns 304.' },
          { name: 'Accept-Encoding', in: 'header', required: false, schema: { type: 'string' }, description: 'br and gzip bodies are precompressed.' },
        ],
        responses: {
          '200': {
            description: 'The complete document.',
            headers: {
              ETag: { schema: { type: 'string' }, description: 'Strong entity tag of this representation.' },
              'Last-Modified': { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string' } },
            },
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
          },
          '304': { description: 'Not modified (If-None-Match or If-Modified-Since matched).' },
          '404': errorResponse('Unknown path.'),
          '405': errorResponse('Method other than GET, HEAD or OPTIONS.'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI Coding Models Directory',
      version: '1.0.0',
      description:
        'Read-only JSON API of AI coding models: prices, context windows, benchmark scores, providers, categories, platforms and use cases. Every endpoint is a GET without parameters; filter client-side. Fields marked [extension] extend the original specification.',
      license: { name: 'Data: CC0-1.0; code: MIT', identifier: 'CC0-1.0' },
    },
    servers: [{ url: '/api' }],
    paths,
    components: { schemas },
  };
}
