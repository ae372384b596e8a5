import type { Db } from '@locals/db/client';
import { users } from '@locals/db/schema';
import { eq, sql } from 'drizzle-orm';
import { createRolesRepository } from '../modules/auth';
import { COMMAND_LINE, recordAudit } from '../modules/moderation';

const USAGE = 'Usage: npm run admin -- grant-moderator <email> | revoke-moderator <email>';
const ADMIN_PROBLEM = 'AdminProblem';

export type AdminCommand = { action: 'grant-moderator' | 'revoke-moderator'; email: string };

/** A mistake the person at the command line can correct: printed as its message alone. */
function adminProblem(message: string): Error {
  const error = new Error(message);
  error.name = ADMIN_PROBLEM;
  return error;
}

export function isAdminProblem(error: unknown): error is Error {
  return error instanceof Error && error.name === ADMIN_PROBLEM;
}

export function parseAdminArgs(args: string[]): AdminCommand {
  const [action, email, ...rest] = args;
  if ((action !== 'grant-moderator' && action !== 'revoke-moderator') || rest.length > 0) {
    throw adminProblem(USAGE);
  }
  if (!email?.includes('@'))
    throw adminProblem(`${USAGE}\nGive the email the person signs in with.`);
  return { action, email: email.trim() };
}

/** Grants or revokes the moderator role, with its audit entry in the same transaction. */
export async function runAdmin(db: Db, { action, email }: AdminCommand): Promise<string> {
  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const [account, ...others] = accounts;
    if (!account) {
      throw adminProblem(
        `There is no account with the email ${email}. The person must sign in once first.`,
      );
    }
    if (others.length > 0) {
      throw adminProblem(
        `${accounts.length} accounts use the email ${email}; nothing was changed.`,
      );
    }
    const roles = createRolesRepository(tx);
    const isGrant = action === 'grant-moderator';
    const changed = isGrant
      ? await roles.grant(account.id, 'moderator')
      : await roles.revoke(account.id, 'moderator');
    if (!changed) {
      return isGrant
        ? `${account.email} was already a moderator.`
        : `${account.email} was not a moderator.`;
    }
    await recordAudit(tx, {
      actorUserId: null,
      actor: COMMAND_LINE,
      action: action,
      entityType: 'user',
      entityId: account.id,
      before: { email: account.email, moderator: !isGrant },
      after: { email: account.email, moderator: isGrant },
    });
    return isGrant
      ? `${account.email} is now a moderator.`
      : `${account.email} is no longer a moderator.`;
  });
}
