#!/usr/bin/env node
/**
 * `ai-coding-models`: the directory on the command line, built on the client. Tables for people,
 * `--json` for scripts. Exit status: 0 done; 1 an unknown id, alias, use case or platform (the
 * message suggests close ones); 2 a bad flag or argument; 3 the API could not be read (network,
 * HTTP error, or a response that is not the document it should be).
 *
 * This file is the bin: it dispatches to a command (cli/commands/) and maps errors to exit
 * statuses; cli/arguments.ts parses the flags and cli/output.ts prints.
 */
import { readFileSync } from 'node:fs';
import { CostError } from '../../../src/cost/index.ts';
import { createClient } from './client.ts';
import { DirectoryError } from './errors.ts';
import { UsageError } from './format.ts';
import { suggestIds } from './query.ts';
import { baseUrlOf, parseCommandLine, USAGE } from './cli/arguments.ts';
import { COMMANDS } from './cli/commands/index.ts';
import { print } from './cli/output.ts';

/** The package's version, from its package.json beside the source or the build (paths relative to this file). */
function version(): string {
  for (const relative of ['../package.json', '../../../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (json.name === '@ai-coding-models/client') return json.version ?? 'unknown';
    } catch {
      // try the other layout (source or built)
    }
  }
  return 'unknown';
}

async function run(argv: string[]): Promise<number> {
  const { values, command, args } = parseCommandLine(argv);
  if (values.version) {
    print(version());
    return 0;
  }
  if (values.help || command === undefined || command === 'help') {
    print(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  // The base URL is checked before the command is known, so a bad one is reported whatever the command.
  const client = createClient({ baseUrl: baseUrlOf(values), validate: true });
  const handler = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!handler)
    throw new UsageError(
      `unknown command "${command}"${suggestIds(Object.keys(COMMANDS), command, 1)
        .map((s) => `; did you mean "${s}"?`)
        .join('')}`,
    );
  return handler({ command, args, values, client });
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\nrun \`ai-coding-models --help\` for usage\n`);
      process.exitCode = 2;
    } else if (error instanceof CostError) {
      // A workload the cost rules cannot mean (usage, instant) is a usage mistake; broken pricing data is the API's.
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = error.code === 'invalid-data' ? 3 : 2;
    } else if (error instanceof DirectoryError && error.kind === 'not-found') {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 1;
    } else if (error instanceof DirectoryError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 3;
    } else {
      process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
