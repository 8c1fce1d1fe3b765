/** What every command runs with, and the argument checks they share. */
import type { DirectoryClient } from '../../client.ts';
import { UsageError } from '../../format.ts';
import type { BenchmarkModel, BenchmarksDocument } from '../../types.generated.ts';
import type { Values } from '../arguments.ts';

/** What a command runs with: its flags and arguments, and a client of the chosen API. */
export interface Invocation {
  command: string;
  args: string[];
  values: Values;
  client: DirectoryClient;
}

/** A command: reads through the client, prints, and returns its exit status. */
export type Command = (invocation: Invocation) => Promise<number>;

/** Refuses a command given the wrong number of arguments; `what` names the one it needs. */
export function expectArgs({ command, args }: Invocation, n: number, what: string): void {
  if (args.length !== n)
    throw new UsageError(
      n === 0 ? `${command} takes no argument (got "${args.join(' ')}")` : `${command} needs ${what}`,
    );
}

export function scoresById(benchmarks: BenchmarksDocument): Map<string, BenchmarkModel> {
  return new Map(benchmarks.benchmarks.models.map((b) => [b.modelId, b]));
}
