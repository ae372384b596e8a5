import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const srcDirectory = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/**
 * Pages are HTML from the server (issue 13): the app's scripts take over a page already shown,
 * so they are fetched at low priority and never delay its first paint (the stylesheet does).
 */
function scriptsAfterThePage(): Plugin {
  return {
    name: 'locals-scripts-after-the-page',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload") crossorigin/g,
          '<$1 fetchpriority="low" crossorigin',
        ),
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), scriptsAfterThePage()],
  // The server build (dist-server/) is code only; the public files are served from dist/.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: [{ find: '@', replacement: srcDirectory }],
  },
  // The server build bundles every library, so dist-server/ needs no node_modules of its own.
  ssr: process.env.VITEST ? {} : { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Pages import zod-free contract modules (routes, limits, categories, postcode rules); the
      // forms that validate in the browser import schema modules. Marking zod's builders pure
      // lets the bundler drop the schemas a chunk does not use. Named in full: a bare 'z' also
      // matches a minified library's own function z and would drop its calls.
      treeshake: {
        manualPureFunctions: [
          'z.string',
          'z.object',
          'z.looseObject',
          'z.number',
          'z.array',
          'z.literal',
          'z.enum',
          'z.uuid',
          'z.boolean',
          'z.null',
          'z.preprocess',
          'z.email',
          'z.url',
          'z.record',
          'z.discriminatedUnion',
        ],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../testing/report-worker-exit.ts', './src/testing/setup.ts'],
  },
}));
