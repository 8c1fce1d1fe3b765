#!/usr/bin/env node
/**
 * `ai-coding-models`: the directory on the command line, built on the client. Tables for people,
 * `--json` for scripts. Exit status: 0 done; 1 an unknown id, alias, provider, category, use case
 * or platform (the message suggests close ones); 2 a bad flag or argument; 3 the API could not be
 * read (no server, timeout, HTTP error, or a response that is not the document it should be); 4 a
 * bug. Every expected failure is a DirectoryError; its kind picks the status.
 *
 * This file is the bin: it dispatches to a command (cli/commands/) and maps errors to exit
 * statuses; cli/arguments.ts parses the flags and cli/output.ts prints.
 */
import { readFileSync } from 'node:fs';
import { createClient } from './client.ts';
import { asDirectoryError, DirectoryError, type DirectoryErrorKind, NetworkError } from './errors.ts';
import { printable, UsageError } from './format.ts';
import { suggestIds } from './query.ts';
import { baseUrlOf, parseCommandLine, timeoutOf, USAGE } from './cli/arguments.ts';
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

/** The base URL the failed run used, for the hint (re-derived: the error may precede parsing). */
function baseUrlGiven(argv: string[]): string | undefined {
  try {
    return baseUrlOf(parseCommandLine(argv).values);
  } catch {
    return undefined;
  }
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
  const client = createClient({ baseUrl: baseUrlOf(values), validate: true, timeoutMs: timeoutOf(values) });
  const handler = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!handler)
    throw new UsageError(
      `unknown command "${command}"${suggestIds(Object.keys(COMMANDS), command, 1)
        .map((s) => `; did you mean "${s}"?`)
        .join('')}`,
    );
  return handler({ command, args, values, client });
}

/** Exit statuses by error kind (see USAGE); anything that is not a DirectoryError is a bug. */
const EXIT_BY_KIND: Record<DirectoryErrorKind, number> = {
  'not-found': 1,
  'invalid-input': 2,
  network: 3,
  http: 3,
  schema: 3,
};

/** What to tell a person about a failure, with the next step when there is an obvious one. */
function reportOf(error: DirectoryError, baseUrl: string | undefined): string {
  if (error instanceof UsageError) return `error: ${error.message}\nrun \`ai-coding-models --help\` for usage`;
  if (error instanceof NetworkError && error.timedOut)
    return `error: ${error.message}\nthe server is slow or stalled: try again, or allow longer with --timeout <ms>`;
  if (error instanceof NetworkError && error.code === 'ECONNREFUSED')
    return `error: ${error.message}\nno API server answers at ${baseUrl ?? 'the base URL'}: start one with \`npm start\` in a checkout of the directory, or pass --base-url <url> (or set AI_CODING_MODELS_BASE_URL)`;
  return `error: ${error.message}`;
}

// A reader that stops early (`| head`) closes the pipe: that ends the output, it is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const argv = process.argv.slice(2);
run(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (raw: unknown) => {
    const error = asDirectoryError(raw);
    if (error instanceof DirectoryError) {
      process.stderr.write(`${printable(reportOf(error, baseUrlGiven(argv)))}\n`);
      process.exitCode = EXIT_BY_KIND[error.kind];
    } else {
      process.stderr.write(
        `${printable(`internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)}\n`,
      );
      process.exitCode = 4;
    }
  },
);
