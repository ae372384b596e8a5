import type { Db } from '@locals/db/client';
import { oidcPayloads } from '@locals/db/schema';
import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage in our database (one table for every model), so the issuer's
 * sessions, grants and codes survive restarts and are shared by every instance.
 */
export function createOidcAdapterFactory(db: Db) {
  return (model: string): Adapter => {
    const live = (where: SQL | undefined) =>
      and(
        eq(oidcPayloads.model, model),
        where,
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
      );

    const findWhere = async (where: SQL) => {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(live(where));
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const now = Date.now();
        const values = {
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          accountId: payload.accountId ?? null,
          expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
        };
        if (model === 'Interaction') {
          // Every new sign-in sweeps away what has expired.
          await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date(now)));
        }
        await db
          .insert(oidcPayloads)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
      },
      find: (id) => findWhere(eq(oidcPayloads.id, id)),
      findByUid: (uid) => findWhere(eq(oidcPayloads.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(oidcPayloads.userCode, userCode)),
      async consume(id) {
        await db
          .update(oidcPayloads)
          .set({ consumedAt: new Date() })
          .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
      },
      async destroy(id) {
        await db
          .delete(oidcPayloads)
          .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      },
    };
  };
}

/** Ends everything the issuer holds for an account: its sessions, grants and tokens. */
export async function revokeIssuerState(db: Db, accountId: string): Promise<void> {
  const grants = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.accountId, accountId)));
  await db.delete(oidcPayloads).where(eq(oidcPayloads.accountId, accountId));
  for (const grant of grants) {
    await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grant.id));
  }
}
