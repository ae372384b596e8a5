import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const srcDirectory = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': srcDirectory } },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contracts build zod schemas at module level. Marking those calls pure lets the
      // bundler drop the unused schemas, so a page that needs only CATEGORIES or
      // formatPostcode does not download zod. (`CATEGORIES.map(...)` is the argument of
      // CategoryIdSchema's z.enum, which would otherwise keep it.)
      treeshake: { manualPureFunctions: ['z', 'CATEGORIES'] },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
