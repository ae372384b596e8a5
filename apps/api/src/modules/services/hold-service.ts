import type { Db } from '@locals/db/client';
import { services } from '@locals/db/schema';
import { eq } from 'drizzle-orm';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * For writes that point at a service (bookmarks, notes, votes): false when there is no such
 * service. Otherwise the row is held with a key-share lock until the transaction ends, so an
 * import cannot delete it between this check and the insert (which would then fail on the foreign
 * key instead of answering 404), while other people's writes about the same service do not wait.
 */
export async function holdService(transaction: Transaction, serviceId: string): Promise<boolean> {
  const [row] = await transaction
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, serviceId))
    .for('key share');
  return row !== undefined;
}
