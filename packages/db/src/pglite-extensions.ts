// Imported by pglite-worker.ts, which Node runs from source: packages only, no relative imports.
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PGlite extensions Locals uses (migration 0001 creates them). Every PGlite is opened with
 * them, a dumped one too (the tests' migrated template), or its extensions would not load.
 */
export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm };
