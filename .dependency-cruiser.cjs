/*
 * The server's module rules (../shared/ARCHITECTURE.md, "Modules and how they talk"; decision 019),
 * checked by `npm run lint`:
 * - a module (src/server/modules/<name>/) is used by others only through its index.ts;
 * - the modules' graph has no cycle (folder scope: a module is its folder, sub-folders included).
 * A test of these rules: tests/integration/module-rules.test.ts.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-public-face',
      severity: 'error',
      comment:
        "Another module's files are its own: import what it offers from its index.ts (src/server/modules/<name>/index.ts).",
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/([^/]+)/.+',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'outside-through-public-face',
      severity: 'error',
      comment:
        'Code outside the modules (the composition root, app, main, scripts) uses a module through its index.ts.',
      from: { path: '^src/server/(?!modules/)', pathNot: '[.]test[.]ts$' },
      to: {
        path: '^src/server/modules/[^/]+/.+',
        pathNot: '^src/server/modules/[^/]+/index[.]ts$',
      },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Modules form a DAG: two modules that need each other are one design error. Let a domain event invert one arrow (orders know nothing of payments; payments subscribe).',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { path: '^src/server/modules/[^/]+$', circular: true },
    },
  ],
  options: {
    includeOnly: '^src/(server|shared)/',
    exclude: { path: '(^|/)[^/]+[.]test[.]ts$|/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.server.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    moduleSystems: ['es6'],
  },
};
