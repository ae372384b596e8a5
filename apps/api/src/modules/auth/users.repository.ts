import type { User } from '@locals/contracts/auth';
import type { Db } from '@locals/db/client';
import { BUILTIN_ISSUER, users } from '@locals/db/schema';
import { and, eq, sql } from 'drizzle-orm';

type UserRow = typeof users.$inferSelect;

export type NewAccount = {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
};

/** What an external issuer says about the person in its id token or access token. */
export type IssuerProfile = {
  email: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
};

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Standard OpenID Connect claims, from an id token or an access token. */
export function profileFromClaims(claims: Record<string, unknown>): IssuerProfile {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    email: text(claims.email),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createUsersRepository(db: Db) {
  const builtinEmailIs = (email: string) =>
    and(eq(users.issuer, BUILTIN_ISSUER), sql`lower(${users.email}) = ${normaliseEmail(email)}`);

  return {
    /** A built-in account; null when the address is already taken (in any case). */
    async createAccount(account: NewAccount, at: Date): Promise<UserRow | null> {
      const id = crypto.randomUUID();
      const [row] = await db
        .insert(users)
        .values({
          id,
          email: account.email.trim(),
          firstName: account.firstName,
          lastName: account.lastName,
          passwordHash: account.passwordHash,
          issuer: BUILTIN_ISSUER,
          // The built-in issuer's `sub` is the account id.
          subject: id,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async findAccountByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(builtinEmailIs(email));
      return row ?? null;
    },

    async findById(id: string): Promise<UserRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async findBySubject(issuer: string, subject: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
      return row ?? null;
    },

    /**
     * The user an external issuer vouches for, created on first sight and refreshed from the
     * issuer's claims afterwards. Matched by (issuer, subject) only, never by email.
     */
    async upsertFromIssuer(
      issuer: string,
      subject: string,
      profile: IssuerProfile,
      at: Date,
    ): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          email: profile.email ?? '',
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          issuer,
          subject,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [users.issuer, users.subject],
          set: {
            email: profile.email ?? sql`${users.email}`,
            firstName: profile.firstName ?? sql`${users.firstName}`,
            lastName: profile.lastName ?? sql`${users.lastName}`,
            updatedAt: at,
          },
        })
        .returning();
      if (!row) throw new Error('Upserting a user returned no row');
      return row;
    },

    /**
     * The person a signed-in ID token names. The built-in issuer's accounts are made by
     * registering, so one it no longer knows is null; an external issuer's person is made on
     * first sight and refreshed from `profile` (asked only then) afterwards.
     */
    async fromSignIn(
      issuer: string,
      subject: string,
      profile: () => Promise<IssuerProfile>,
      at: Date,
    ): Promise<UserRow | null> {
      if (issuer === BUILTIN_ISSUER) return this.findBySubject(BUILTIN_ISSUER, subject);
      return this.upsertFromIssuer(issuer, subject, await profile(), at);
    },

    async setPasswordHash(id: string, passwordHash: string, at: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    },
  };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
