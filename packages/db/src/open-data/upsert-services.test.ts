import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { services } from '../directory-schema';
import { createTestDatabase } from '../test-db';
import { upsertServices } from './upsert-services';

const record = (name: string) => ({
  id: 'test:1',
  name,
  nameOriginal: name,
  source: 'test',
  licence: 'OGL-UK-3.0',
});

describe('re-importing a service', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("takes the source's new details but keeps the rating people gave it", async () => {
    await upsertServices(database, [record('Old name')]);
    await database.db
      .update(services)
      .set({ ratingAverage: 4.5, reviewCount: 2 })
      .where(eq(services.id, 'test:1'));

    await upsertServices(database, [record('New name')]);

    const [row] = await database.db.select().from(services).where(eq(services.id, 'test:1'));
    expect(row).toMatchObject({ name: 'New name', ratingAverage: 4.5, reviewCount: 2 });
  });
});
