/**
 * The architecture, enforced: each folder of src/ names the folders it may import from.
 * Dependencies point one way (schema ← compile ← history ← refresh; the server reads the
 * artifact; the cost engine depends on nothing), so a folder-level cycle cannot form.
 * CONTRIBUTING.md draws the same picture; test/unit/architecture.test.ts runs these rules.
 */
const ALLOWED = {
  fs: [],
  schema: [],
  cost: [],
  artifact: ['fs', 'schema'],
  compile: ['fs', 'schema', 'cost', 'artifact'],
  web: ['schema', 'cost'],
  history: ['fs', 'schema', 'cost', 'artifact', 'compile', 'web'],
  refresh: ['fs', 'schema', 'cost', 'artifact', 'compile', 'history'],
  server: ['fs', 'schema', 'artifact'],
  mcp: ['schema', 'cost', 'client'],
  cli: null, // entry points wire subsystems together and may import any of them
};

// Modules that import nothing, which any folder may import: one definition of a primitive the dependency-free
// cost engine shares with the schema (the calendar's day and month). The rule below keeps them free of imports.
const LEAVES = ['src/schema/calendar.ts'];
const leafPattern = LEAVES.map((file) => `^${file.replace(/[.]/g, '\\.')}$`).join('|');

const layerRules = Object.entries(ALLOWED)
  .filter(([, allowed]) => allowed !== null)
  .map(([folder, allowed]) => ({
    name: `${folder}-imports-only-${allowed.length ? allowed.join('-') : 'itself'}`,
    comment: `src/${folder}/ may import only from ${allowed.length ? allowed.map((a) => `src/${a}/`).join(', ') : 'itself'} (see .dependency-cruiser.cjs)`,
    severity: 'error',
    from: { path: `^src/${folder}/` },
    to: {
      path: '^(src|packages)/',
      pathNot: `^src/(${[folder, ...allowed].join('|')})/|${leafPattern}${allowed.includes('client') ? '|^packages/client/' : ''}`,
    },
  }));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import cycles between files', from: {}, to: { circular: true } },
    {
      name: 'no-unknown-folder',
      severity: 'error',
      comment: 'every folder of src/ is declared in ALLOWED with its dependencies',
      from: { path: '^src/', pathNot: `^src/(${Object.keys(ALLOWED).join('|')})/` },
      to: {},
    },
    {
      name: 'no-tests-from-src',
      severity: 'error',
      comment: 'production code never imports tests or benchmarks',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'leaves-import-nothing',
      severity: 'error',
      comment: `${LEAVES.join(', ')} may be imported from any folder, so it imports nothing itself`,
      from: { path: leafPattern },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
