import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/** The command line (and browser-mode host) as plain Node ESM in out/cli; npm packages stay external. */
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    ssr: true,
    outDir: 'out/cli',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: { index: resolve(import.meta.dirname, 'src/cli/index.ts') },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});
