import { statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layering, in the spirit of VS Code's code-layering rule: every import is
 * resolved to the layer it lands in, and each layer may only reach some.
 *   shared   → shared, and only the packages in SHARED_PACKAGES (an allow list)
 *   report   → report, shared, react and react-dom/server (the HTML reports: no Node, no DOM)
 *   renderer → renderer, report, shared (no electron, node:*, main, preload)
 *   preload  → preload, shared/ipc, electron
 *   main     → main, report, shared (never renderer); services and emulator never import electron
 *   cli      → cli, report, shared, main/services, main/emulator, main/host and Electron-free main modules
 */
const ROOT = path.resolve(import.meta.dirname);
const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * The only packages src/shared may import: pure, platform-free code, each
 * added deliberately with the reason beside it. Anything else (Node, the DOM,
 * Electron, a network or crypto library, an editor) is refused.
 */
const SHARED_PACKAGES = {
  zod: 'the schemas of the request model, the contract and stored files',
  'fast-xml-builder':
    'the JUnit report: an object in, XML out, escaping by construction; pure JavaScript (two small pure dependencies), no platform API',
  papaparse:
    'the CSV reader and writer: plain string in, string out, no dependency, no platform API (its Node stream and File inputs go unused)',
};

/** The renderer's aliases for src/shared and the report layer. */
const SHARED_ALIAS = '@shared/';
const REPORT_ALIAS = '@report';

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('src/shared/')) return 'shared';
  if (rel === 'src/report' || rel.startsWith('src/report/')) return 'report';
  if (rel.startsWith('src/renderer/')) return 'renderer';
  if (rel.startsWith('src/preload/')) return rel.endsWith('http-bridge.ts') ? 'bridge' : 'preload';
  if (rel.startsWith('src/main/services/') || rel.startsWith('src/main/emulator/') || rel.startsWith('src/main/host/')) return 'core';
  if (rel.startsWith('src/main/electron/') || rel === 'src/main/index.ts') return 'glue';
  if (rel.startsWith('src/main/')) return 'core';
  if (rel.startsWith('src/cli/')) return 'cli';
  return undefined;
}

const ALLOWED_LAYERS = {
  shared: ['shared'],
  report: ['report', 'shared'],
  renderer: ['renderer', 'report', 'shared'],
  preload: ['preload', 'shared'],
  bridge: ['shared'],
  core: ['core', 'report', 'shared'],
  glue: ['glue', 'core', 'report', 'shared'],
  cli: ['cli', 'core', 'report', 'shared'],
};

function bareProblem(layer, spec) {
  const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  const builtin = NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(pkg);
  switch (layer) {
    case 'report':
      if (spec === 'react' || spec === 'react/jsx-runtime' || spec === 'react-dom/server' || Object.hasOwn(SHARED_PACKAGES, pkg))
        return undefined;
      return `src/report renders HTML reports to a string: it may import src/shared, react and react-dom/server, not '${spec}'.`;
    case 'shared':
      if (pkg === 'react' || pkg === 'react-dom')
        return `src/shared is the pure core: HTML reports as React components live in the report layer, src/report, not here ('${spec}').`;
      if (!Object.hasOwn(SHARED_PACKAGES, pkg))
        return `src/shared is pure TypeScript: it may import src/shared files and ${Object.keys(SHARED_PACKAGES).join(', ')}, not '${spec}' (add a package to SHARED_PACKAGES in eslint.config.js, with its reason, only if it is pure and platform-free).`;
      return undefined;
    case 'renderer':
      if (builtin || ['electron', 'keytar', 'undici', 'fastify', 'write-file-atomic'].includes(pkg))
        return `The renderer reaches main only through window.workbench; it cannot import '${spec}'.`;
      return undefined;
    case 'preload':
      if (pkg !== 'electron' && pkg !== 'zod') return `The sandboxed preload may import only 'electron' and src/shared/ipc, not '${spec}'.`;
      return undefined;
    case 'bridge':
      if (pkg !== 'zod') return `The browser-mode bridge may import only src/shared, not '${spec}'.`;
      return undefined;
    case 'core':
    case 'cli':
      if (pkg === 'electron') return `Services, the emulator, the host and the CLI run without Electron; '${spec}' is glue-only.`;
      return undefined;
    default:
      return undefined;
  }
}

/**
 * Capabilities meet through their front doors. A folder under one of these
 * roots is a capability (or a shared piece of infrastructure); a file outside
 * it may import only its `index.ts`. Three exceptions, each for a reason:
 *   - a renderer feature also has `state.ts`, its state door: the store
 *     composes every feature's slice and every feature's components read the
 *     store, so one door carrying both would close a loop store → feature → store;
 *   - a service folder also has `operations.ts`, its operations door: the core
 *     composes every capability's implementations over all the services, so one
 *     door carrying both would close a loop services → capability → services;
 *   - a dynamic `import()` may load a feature's `…Screen` module: that is where
 *     the bundle splits, and a static door would pull the screen into the first chunk.
 * An import of nothing (`import './x'`, a module run for its effect) names no API.
 */
const CAPABILITY_ROOTS = ['src/shared', 'src/main/services', 'src/renderer/src/features'];

function capabilityOf(rel) {
  for (const root of CAPABILITY_ROOTS) {
    if (!rel.startsWith(`${root}/`)) continue;
    const parts = rel.slice(root.length + 1).split('/');
    return parts.length > 1 ? `${root}/${parts[0]}` : undefined;
  }
  return undefined;
}

const isDirectory = (file) => statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** Why importing `resolved` from `file` goes around a front door, or undefined when it does not. */
function frontDoorProblem(file, resolved, { dynamic, bare }) {
  const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');
  const target = rel(resolved);
  const cap = capabilityOf(isDirectory(resolved) ? `${target}/index` : target);
  if (!cap || bare || cap === capabilityOf(rel(file))) return undefined;
  const inside = target.slice(cap.length + 1).replace(/\.tsx?$/, '');
  if (inside === '' || inside === 'index') return undefined;
  const feature = cap.startsWith('src/renderer/src/features/');
  if (feature && inside === 'state') return undefined;
  if (cap.startsWith('src/main/services/') && inside === 'operations' && rel(file) === 'src/main/core.ts') return undefined;
  if (feature && dynamic && /^[A-Za-z]+Screen$/.test(inside)) return undefined;
  return `'${target}' is inside ${cap}: import it from the capability's front door '${cap}/index.ts' (export the name there)${feature ? ", or its state door 'state.ts' from a slice" : ''}${cap.startsWith('src/main/services/') ? ", or its operations door 'operations.ts' from src/main/core.ts" : ''}.`;
}

const layeringRule = {
  meta: { type: 'problem', schema: [], messages: { layer: '{{message}}' } },
  create(context) {
    const file = context.filename;
    const layer = layerOf(file);
    if (!layer) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const aliased = spec.startsWith(SHARED_ALIAS);
      const report = spec === REPORT_ALIAS || spec.startsWith(`${REPORT_ALIAS}/`);
      if (spec.startsWith('.') || aliased || report) {
        const resolved = aliased
          ? path.join(ROOT, 'src/shared', spec.slice(SHARED_ALIAS.length))
          : report
            ? path.join(ROOT, 'src/report', spec.slice(REPORT_ALIAS.length))
            : path.resolve(path.dirname(file), spec);
        const target = layerOf(resolved);
        if (!target) return;
        const allowed = ALLOWED_LAYERS[layer];
        const relTarget = path.relative(ROOT, resolved).split(path.sep).join('/');
        const door = frontDoorProblem(file, resolved, {
          dynamic: node.type === 'ImportExpression',
          bare: node.type === 'ImportDeclaration' && node.specifiers.length === 0,
        });
        if (door) context.report({ node, messageId: 'layer', data: { message: door } });
        if (layer === 'preload' && target === 'shared' && relTarget !== 'src/shared/ipc' && !relTarget.startsWith('src/shared/ipc/')) {
          context.report({ node, messageId: 'layer', data: { message: `The preload may import only src/shared/ipc, not ${relTarget}.` } });
        } else if (!allowed.includes(target)) {
          context.report({
            node,
            messageId: 'layer',
            data: { message: `Layer '${layer}' cannot import from layer '${target}' (${relTarget}).` },
          });
        }
        return;
      }
      const problem = bareProblem(layer, spec);
      if (problem) context.report({ node, messageId: 'layer', data: { message: problem } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      // The bundled config electron-vite and Vite write beside their config while a build loads it, and delete after:
      // `npm test` lints beside the build, and a file listed and then gone stopped ESLint (ENOENT).
      '**/*.config.ts.*.mjs',
      '**/*.config.*.timestamp-*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { workbench: { rules: { layering: layeringRule } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'workbench/layering': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'src/preload/http-bridge.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/renderer/**/*.tsx', 'src/renderer/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/renderer/**/*.tsx', 'src/renderer/**/*.ts'],
    // Advice for the React Compiler, which this app does not use (TanStack Virtual trips it).
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'src/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The command line calls the services the app calls, with the same defaults: it names no store class or
    // store-level function, not even as a type (an import that skipped a service skipped its lock and its checks).
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/services/**'],
              importNamePattern: '^(TrafficStore|StoreError|importFile|openDuck|\\w+OnStore)$',
              message:
                'Call the capability’s service (TrafficService, ClickModelsService, TrafficEstimates, AbTestService) as the app does.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers of every shape; typing each one adds nothing the assertions do not already check.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

export { layeringRule };
