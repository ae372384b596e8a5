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
  // React's API on Preact (decision 020): every import of react or react-dom, the libraries'
  // included, meets preact/compat. Under Vitest the libraries' ES builds are resolved (and
  // inlined, below), because their CommonJS builds would require React itself, past the aliases.
  resolve: {
    ...(process.env.VITEST
      ? {
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
        }
      : {}),
    alias: [
      { find: '@', replacement: srcDirectory },
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  // The server build bundles every library, so each one meets the same Preact the components use.
  ssr: {
    ...(process.env.VITEST
      ? {
          resolve: {
            conditions: ['module', 'node', 'development|production'],
            mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
          },
        }
      : { noExternal: true }),
  },
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
      // matched a minified library's own function z (Preact's style setter) and dropped its calls.
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
    // The libraries that import react, run through Vite so the aliases above reach them.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /@tanstack/,
          /@radix-ui/,
          /lucide-react/,
          /preact/,
          /react-remove-scroll/,
          /use-sidecar/,
          /use-callback-ref/,
          /react-style-singleton/,
        ],
      },
    },
  },
}));
