/**
 * The MCP server lists its tool schemas in the portable spelling (src/mcp/portable-schemas.ts): a
 * nullable type array becomes anyOf branches of one type each, an empty additionalProperties becomes
 * true, and nothing else changes meaning (the branch keeps the keywords of its own type).
 */
import { describe, expect, it } from 'vitest';
import { portableSchema } from '../../src/mcp/portable-schemas.ts';

describe('portable tool schemas', () => {
  it('splits a nullable type array into anyOf branches, each keeping the keywords of its type', () => {
    expect(
      portableSchema({ type: ['integer', 'null'], minimum: 0, description: 'Tokens; null when unknown.' }),
    ).toEqual({
      description: 'Tokens; null when unknown.',
      anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }],
    });
  });

  it('spells an open object true, at any depth, and leaves enums, consts and required names alone', () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['usd', 'unpriced'] },
        nested: { type: 'object', properties: {}, additionalProperties: {} },
        items: { type: 'array', items: { type: ['string', 'null'] } },
      },
      required: ['kind'],
      additionalProperties: {},
    };
    expect(portableSchema(schema)).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['usd', 'unpriced'] },
        nested: { type: 'object', properties: {}, additionalProperties: true },
        items: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      },
      required: ['kind'],
      additionalProperties: true,
    });
  });

  it('leaves an already portable schema as it is', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false };
    expect(portableSchema(schema)).toEqual(schema);
  });
});
