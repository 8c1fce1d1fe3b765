/**
 * A package's declarations as a consumer sees them: one TypeScript file written into a project where the package
 * is installed, checked by the repository's tsc with strict NodeNext settings. Returns tsc's output ('' when clean).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function typecheckConsumer(
  project: string,
  file: string,
  source: string,
  compilerOptions: Record<string, unknown> = {},
): string {
  writeFileSync(path.join(project, file), source);
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: [],
        ...compilerOptions,
      },
      files: [file],
    }),
  );
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const typecheck = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
  return typecheck.stdout + typecheck.stderr;
}
