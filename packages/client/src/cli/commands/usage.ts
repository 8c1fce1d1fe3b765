/**
 * `usage [--model <id>] [--format <format>] < response.json`: what one provider response cost.
 * Reads the response (or its usage object) from stdin, maps its usage to the token classes
 * (cached tokens out of the prompt count where the provider counts them in), resolves the model
 * it names (or --model) and prices it.
 */
import { TOKEN_CLASSES } from '../../../../../src/cost/index.ts';
import { USAGE_FORMATS, type UsageFormat } from '../../../../../src/cost/provider-usage.ts';
import { rate, usd, UsageError } from '../../format.ts';
import { instantOf } from '../arguments.ts';
import { print, printJson } from '../output.ts';
import { expectArgs, type Invocation } from './invocation.ts';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    throw new UsageError('usage reads a provider response from stdin, e.g. `ai-coding-models usage < response.json`');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function formatOf(value: string | undefined): UsageFormat | undefined {
  if (value === undefined) return undefined;
  if (!(USAGE_FORMATS as readonly string[]).includes(value))
    throw new UsageError(`--format must be one of ${USAGE_FORMATS.join(', ')} (got "${value}")`);
  return value as UsageFormat;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`stdin is not JSON: ${(error as Error).message}`);
  }
}

export async function usageCommand(invocation: Invocation): Promise<number> {
  expectArgs(invocation, 0, '');
  const { values, client } = invocation;
  const format = formatOf(values.format);
  const at = instantOf(values);
  const response = parsed(await readStdin());
  const priced = await client.priceResponse(response, { model: values.model, format, at });
  const { tool, match, usage, cost } = priced;
  if (values.json) {
    printJson({ id: tool.id, name: tool.name, format: priced.format, match, usage, at, cost });
    return 0;
  }
  print(`${tool.name} (${tool.id}), from "${match.query}"; read as ${priced.format}`);
  for (const tokenClass of TOKEN_CLASSES) {
    const line = cost.lines?.[tokenClass];
    if (!line || line.tokens === 0) continue;
    const amount = line.usd === null ? 'unknown' : usd(line.usd);
    print(
      `  ${tokenClass}: ${line.tokens.toLocaleString('en-US')} tokens at ${rate(line.usdPerMillion)}/1M = ${amount}`,
    );
  }
  print(`total: ${cost.kind === 'usd' ? usd(cost.usd) : cost.kind}${usage.batch ? ' (batch)' : ''}`);
  for (const warning of cost.warnings) print(`note: ${warning}`);
  return 0;
}
