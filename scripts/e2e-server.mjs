// Starts the built server on a wiped DATA_DIR so end-to-end stories begin from a fresh install.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.startsWith('.tmp/')) throw new Error('e2e DATA_DIR must live under .tmp/');
rmSync(dataDir, { recursive: true, force: true });
await import('./start.mjs');
