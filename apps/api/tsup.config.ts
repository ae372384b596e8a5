import { cp } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  // Worker threads are files of their own, found beside the bundle: PGlite's (by @locals/db)
  // and the one calendar feeds are written on (by calendar-thread.ts).
  entry: {
    server: 'src/server.ts',
    'pglite-worker': '../../packages/db/src/pglite-worker.ts',
    'calendar-worker': 'src/modules/events/calendar-worker.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // Workspace packages export TypeScript source, so they are compiled into the bundle;
  // everything from node_modules stays an import (PGlite finds its WebAssembly beside itself).
  noExternal: [/^@locals\//],
  external: [/^[^./@]/, /^@(?!locals\/)/],
  async onSuccess() {
    // @locals/db looks for migrations next to the bundle (see defaultMigrationsDir).
    await cp('../../packages/db/migrations', 'dist/migrations', { recursive: true });
  },
});
