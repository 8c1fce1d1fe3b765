/**
 * The command registry: each command lives in its own file beside this one; a new command is one
 * import and one line here (the bin, the usage text's suggestions and dispatch all read this table).
 */
import { changesCommand } from './changes.ts';
import { compareCommand } from './compare.ts';
import { costCommand } from './cost.ts';
import type { Command } from './invocation.ts';
import { listCommand } from './list.ts';
import { resolveCommand } from './resolve.ts';
import { showCommand } from './show.ts';
import { topCommand } from './top.ts';
import { usageCommand } from './usage.ts';

export type { Command, Invocation } from './invocation.ts';

export const COMMANDS: Readonly<Record<string, Command>> = {
  list: listCommand,
  show: showCommand,
  compare: compareCommand,
  cost: costCommand,
  top: topCommand,
  changes: changesCommand,
  resolve: resolveCommand,
  usage: usageCommand,
};
