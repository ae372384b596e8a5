import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const srcDirectory = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The server build (dist-server/) is code only; the public files are served from dist/.
  publicDir: isSsrBuild ? false : 'public',
  resolve: { alias: { '@': srcDirectory } },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Pages import zod-free contract modules (routes, limits, categories, postcode rules); the
      // forms that validate in the browser import schema modules. Marking zod's calls pure lets
      // the bundler drop the schemas a chunk does not use.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
}));
