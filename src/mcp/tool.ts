/**
 * One MCP tool as one value: its name, words, input and output schemas, body and text summary. `defineTool`
 * ties them together by type (the body gets the zod-validated input, must return what the output schema
 * describes, and the summary reads what the body returned), and `register` hands the tool to the SDK with the
 * read-only annotations and the strict input object every tool has. The tools are listed in registry.ts.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type Directory, guarded } from './answers.ts';

/** The input a tool body gets: its input shape as the SDK validated it (defaults applied). */
export type InputOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/**
 * What a body may return for an output schema: the fields the schema names, with the types it gives them, and any
 * others. A loose zod object's type has an index signature that a client type (an interface) has not; it is
 * taken off here, since a field the schema does not name is free anyway.
 */
export type Fits<T> = T extends readonly (infer E)[]
  ? readonly Fits<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Fits<T[K]> }
    : T;

export interface ToolSpec<
  Name extends string,
  Input extends z.ZodRawShape,
  Output extends z.ZodObject,
  Result extends Fits<z.output<Output>> & Record<string, unknown>,
> {
  name: Name;
  title: string;
  description: string;
  /** The input as a zod shape: registered as a strict object, so an unknown key is refused with its name. */
  input: Input;
  /** What structuredContent holds; the SDK publishes it as outputSchema and checks every answer against it. */
  output: Output;
  run: (directory: Directory, input: InputOf<Input>) => Promise<Result>;
  /** A line or two for a reader that shows text only; the facts travel once, in structuredContent. */
  summary: (value: Result) => string;
}

/** A tool as the registry holds it: its name, and how to register it on a server. */
export interface Tool<Name extends string = string> {
  readonly name: Name;
  register(server: McpServer, directory: Directory, annotations: ToolAnnotations): void;
}

export function defineTool<
  Name extends string,
  Input extends z.ZodRawShape,
  Output extends z.ZodObject,
  Result extends Fits<z.output<Output>> & Record<string, unknown>,
>(spec: ToolSpec<Name, Input, Output, Result>): Tool<Name> & { spec: ToolSpec<Name, Input, Output, Result> } {
  return {
    name: spec.name,
    spec,
    register(server, directory, annotations) {
      // The SDK's types cannot follow a shape that is generic here; the strict object is the one spec.input makes,
      // and the SDK validates every call against it before the body runs.
      const inputSchema: z.ZodObject = z.strictObject(spec.input);
      server.registerTool<Output, z.ZodObject>(
        spec.name,
        {
          title: spec.title,
          description: spec.description,
          inputSchema,
          outputSchema: spec.output,
          annotations,
        },
        async (input) => guarded(() => spec.run(directory, input as InputOf<Input>), spec.summary),
      );
    },
  };
}
