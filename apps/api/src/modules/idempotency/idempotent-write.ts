import { createHash } from 'node:crypto';
import type { Db } from '@locals/db/client';
import { idempotentWrites } from '@locals/db/schema';
import { and, eq } from 'drizzle-orm';

/** What a write answers: its HTTP status and body. */
export type WriteAnswer = { status: number; body: unknown };

export type IdempotentWrite<A extends WriteAnswer> =
  { outcome: 'done'; answer: A } | { outcome: 'replayed'; answer: A } | { outcome: 'key_reused' };

export type IdempotencyScope = {
  /** Whose key it is: a user id, or a one-time link's hash for a visitor without an account. */
  scope: string;
  /** The client's Idempotency-Key, if it sent one. */
  key: string | undefined;
  /** The operation and what it was asked, so the same key on another request is caught. */
  operation: string;
  request: unknown;
};

/**
 * Runs a write in one transaction and, when the caller sent an Idempotency-Key, keeps its answer
 * under that key in the same transaction (decision 024). A retry with the same key and request
 * gets the first answer and changes nothing; a concurrent retry waits on the key's row until the
 * first commits. A write that throws keeps nothing, so the retry does the work. The same key on
 * a different request is a client bug: 'key_reused' (answer 422), never the first answer.
 *
 * Side effects outside the database (emails) belong after this returns 'done', never inside.
 */
export async function idempotentWrite<A extends WriteAnswer>(
  db: Db,
  { scope, key, operation, request }: IdempotencyScope,
  write: (transaction: Db) => Promise<A>,
): Promise<IdempotentWrite<A>> {
  if (key === undefined) {
    return { outcome: 'done', answer: await db.transaction(async (tx) => write(tx)) };
  }
  const requestHash = createHash('sha256')
    .update(JSON.stringify([operation, request]))
    .digest('hex');
  return db.transaction(async (tx): Promise<IdempotentWrite<A>> => {
    const claimed = await tx
      .insert(idempotentWrites)
      .values({ scope, key, operation, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotentWrites.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotentWrites)
        .where(and(eq(idempotentWrites.scope, scope), eq(idempotentWrites.key, key)));
      if (!first || first.status === null) {
        throw new Error('An idempotent write that conflicted could not be read back');
      }
      if (first.requestHash !== requestHash) return { outcome: 'key_reused' };
      return { outcome: 'replayed', answer: { status: first.status, body: first.response } as A };
    }
    const answer = await write(tx);
    await tx
      .update(idempotentWrites)
      .set({ status: answer.status, response: answer.body })
      .where(and(eq(idempotentWrites.scope, scope), eq(idempotentWrites.key, key)));
    return { outcome: 'done', answer };
  });
}

/**
 * Forgets the answer kept under an Idempotency-Key, for a write undone after it committed (its
 * email could not be sent): a retry with the same key then does the work again.
 */
export async function forgetWrite(
  db: Db,
  { scope, key }: Pick<IdempotencyScope, 'scope' | 'key'>,
): Promise<void> {
  if (key === undefined) return;
  await db
    .delete(idempotentWrites)
    .where(and(eq(idempotentWrites.scope, scope), eq(idempotentWrites.key, key)));
}
