import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import pkg from './package.json' with { type: 'json' };

const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

/**
 * Reviewed electronegativity exemptions for the main bundle. Bundling drops
 * line comments, so they are stated once here and written as a file-level
 * eng-disable on the bundle's first line; each carries its reason.
 */
export const MAIN_BUNDLE_EXEMPTIONS: Record<string, string> = {
  PRELOAD_JS_CHECK: "the preload is our own bundled bridge exposing only the contract's named methods (src/preload/index.ts)",
  OPEN_EXTERNAL_JS_CHECK: 'shell.openExternal is reached only for https URLs on the allowlist (src/main/electron/external.ts)',
};
const mainBanner = [
  `/* eng-disable ${Object.keys(MAIN_BUNDLE_EXEMPTIONS).join(' ')} */`,
  ...Object.entries(MAIN_BUNDLE_EXEMPTIONS).map(([check, reason]) => `/* ${check}: ${reason} */`),
].join('\n');
const root = import.meta.dirname;

/**
 * Capabilities meet through index files that re-export their parts. No module of src/shared or of a renderer
 * feature runs for its effect (zod's jitless switch aside; a feature's stylesheets keep theirs), so a part nobody
 * uses is dropped rather than kept for effects it has not got: without this, the renderer's first chunk carried
 * every panel a front door names (+25%).
 */
const moduleSideEffects = (id: string) =>
  !/\/src\/(shared|report|renderer\/src\/features)\/.*\.tsx?$/.test(id) || id.endsWith('/zod/jitless.ts');

export default defineConfig({
  main: {
    define,
    build: {
      outDir: 'out/main',
      sourcemap: true,
      // keytar is an optional native dependency: loaded at run time when present, never bundled.
      externalizeDeps: { include: ['keytar'] },
      rollupOptions: { input: { index: resolve(root, 'src/main/index.ts') }, output: { banner: mainBanner } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require anything but `electron`: bundle the rest into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        treeshake: { moduleSideEffects },
        input: { index: resolve(root, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    define,
    plugins: [react()],
    resolve: { alias: { '@shared': resolve(root, 'src/shared'), '@report': resolve(root, 'src/report') } },
    build: {
      outDir: resolve(root, 'out/renderer'),
      sourcemap: true,
      minify: true,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        treeshake: { moduleSideEffects },
        input: {
          index: resolve(root, 'src/renderer/index.html'),
          // Browser mode's bridge; the host injects it ahead of the app. Unused by the desktop build.
          'http-bridge': resolve(root, 'src/preload/http-bridge.ts'),
        },
        output: {
          entryFileNames: (chunk) => (chunk.name === 'http-bridge' ? 'http-bridge.js' : 'assets/[name]-[hash].js'),
          // No manual chunk groups: Monaco arrives through CodeEditor's dynamic import as chunks of its own, which
          // nothing preloads (a group over its dependencies pulled Vite's preload helper in, and index.html with it).
        },
      },
    },
  },
});
