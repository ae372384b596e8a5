import type { Db } from '@locals/db/client';
import { authFlows } from '@locals/db/schema';
import { eq, lt } from 'drizzle-orm';

/** A sign-in must come back from the issuer within this time (the interaction lasts as long). */
export const AUTH_FLOW_TTL_MS = 10 * 60 * 1000;

export type AuthFlow = { state: string; codeVerifier: string; nonce: string; returnTo: string };

export function createAuthFlowsRepository(db: Db) {
  return {
    async start(flow: AuthFlow, at: Date): Promise<void> {
      // Abandoned sign-ins are cleared as new ones begin.
      await db
        .delete(authFlows)
        .where(lt(authFlows.createdAt, new Date(at.getTime() - AUTH_FLOW_TTL_MS)));
      await db.insert(authFlows).values({ ...flow, createdAt: at });
    },

    /** Each state works once: the row is deleted as it is read. Null when unknown or expired. */
    async take(state: string, at: Date): Promise<AuthFlow | null> {
      const [row] = await db.delete(authFlows).where(eq(authFlows.state, state)).returning();
      if (!row || at.getTime() - row.createdAt.getTime() > AUTH_FLOW_TTL_MS) return null;
      return {
        state: row.state,
        codeVerifier: row.codeVerifier,
        nonce: row.nonce,
        returnTo: row.returnTo,
      };
    },
  };
}
