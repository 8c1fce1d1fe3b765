/**
 * `cost <id|alias>`: what the workload costs on one chosen model, line by line (token class,
 * tokens, rate, amount), on a platform when --platform names one. Ranking is `cost` without an id.
 */
import { TOKEN_CLASSES } from '../../../../../src/cost/index.ts';
import { platformById } from '../../client.ts';
import { rate, table, usd } from '../../format.ts';
import { costOf, findTool } from '../../query.ts';
import { instantOf, workloadOf } from '../arguments.ts';
import { print, printJson, rateApplied, workloadLine } from '../output.ts';
import type { Invocation } from './invocation.ts';

export async function costOneCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  const usage = workloadOf(values);
  const at = instantOf(values);
  const [{ tools }, platforms] = await Promise.all([
    client.getTools(),
    values.platform ? client.getPlatforms() : undefined,
  ]);
  const tool = findTool(tools, args[0]!);
  const platform = values.platform ? platformById(platforms!.platforms, values.platform) : undefined;
  const cost = costOf(tool, usage, { at, platform, requests: usage.requests });
  if (values.json) {
    printJson({ id: tool.id, name: tool.name, usage, at, platform: platform?.id ?? null, cost });
    return 0;
  }
  print(`${tool.name} (${tool.id})`);
  print(workloadLine(usage, at, 'cost', platform).replace(/; ranked by cost$/, ''));
  const lines = TOKEN_CLASSES.flatMap((tokenClass) => {
    const line = cost.lines?.[tokenClass];
    return line && line.tokens > 0 ? [{ tokenClass, ...line }] : [];
  });
  if (lines.length)
    print(
      table(lines, [
        { header: 'tokens', value: (l) => l.tokenClass },
        { header: 'count', value: (l) => l.tokens.toLocaleString('en-US'), align: 'right' },
        {
          header: '$/1M',
          value: (l) => (l.usdPerMillion === null ? 'unknown' : rate(l.usdPerMillion)),
          align: 'right',
        },
        { header: 'amount', value: (l) => (l.usd === null ? 'unknown' : usd(l.usd)), align: 'right' },
      ]),
    );
  print(`total: ${cost.kind === 'usd' ? usd(cost.usd) : cost.kind} (rate applied: ${rateApplied(cost)})`);
  for (const warning of cost.warnings) print(`note: ${warning}`);
  return 0;
}
