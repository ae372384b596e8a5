import {
  checkResetLink,
  getInteraction,
  logIn,
  register,
  requestPasswordReset,
  resetPassword,
} from '@locals/contracts/routes/accounts';
import { isPasswordTheEmail, PASSWORD_IS_EMAIL_MESSAGE } from '@locals/contracts/password-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fromContract } from '../../http/contract-route';
import { INTERACTION_COOKIE, INTERACTION_COOKIE_PATH } from './issuer/create-issuer';
import { revokeIssuerState } from './issuer/oidc-adapter';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { createDeviceCookies, DEVICE_COOKIE, deviceCookieOptions } from './device-cookie';
import { createLoginThrottle, type AttemptOrigin } from './login-throttle';
import { createPasswordWork } from './password-work';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { createPasswordResetsRepository } from './password-resets.repository';
import { createResetEmails } from './reset-emails.service';
import { sha256 } from '../../lib/secrets';
import { createSessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';
import { refusal, refuse, type Refusal } from '../../capabilities/refusals';

export const ACCOUNT_CREATED = 'Account Created! You can now sign in.';
export const INVALID_CREDENTIALS = refusal('invalid_credentials', 'Email or password is incorrect');
export const INTERACTION_EXPIRED = refusal(
  'interaction_expired',
  'Your sign-in took too long. Start again.',
);
export const RESET_LINK_SENT =
  "If an account exists for that address, we've sent a link to reset your password. It works for 30 minutes.";
export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with your new password.';
export const INVALID_RESET_TOKEN = refusal(
  'invalid_token',
  'This reset link has expired or has already been used. Ask for a new one.',
);
const PASSWORD_IS_EMAIL: Refusal = {
  code: 'validation_error',
  message: PASSWORD_IS_EMAIL_MESSAGE,
  fieldErrors: { password: [PASSWORD_IS_EMAIL_MESSAGE] },
};
const MANAGED_BY_ISSUER = refusal(
  'managed_by_issuer',
  'Accounts and passwords are managed on the sign-in page. Choose Sign in to continue there.',
);

/** The server's own check on a new password, after the shared rules (the list stays here). */
function refusingCommonPasswords<S extends z.ZodType<{ password: string }>>(body: S): S {
  return body.refine((value) => !isCommonPassword(value.password), {
    error: COMMON_PASSWORD_MESSAGE,
    path: ['password'],
  });
}

/** A route from its contract, its body also refusing common passwords. */
async function withUncommonPassword<R extends typeof register | typeof resetPassword>(route: R) {
  const options = await fromContract(route);
  return {
    ...options,
    schema: { ...options.schema, body: refusingCommonPasswords(options.schema.body) },
  };
}

export type AccountRoutesOptions = {
  /** Holds back a sign-in attempt; tests pass a recorder instead of waiting. */
  sleep: (ms: number) => Promise<void>;
};

/**
 * The built-in issuer's accounts: registration, the sign-in step of its interaction, and
 * password resets. With an external issuer these belong to the issuer's own pages.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const users = createUsersRepository(app.database.db);
  const sessions = createSessionsRepository(app.database.db);
  const resets = createPasswordResetsRepository(app.database.db);
  const resetEmails = createResetEmails(app);
  const throttle = createLoginThrottle(app.database.db);
  // Decision 031: every argon2 call of this instance goes through one gate (password-gate.ts).
  const passwords = createPasswordWork();
  const devices = createDeviceCookies(app.database.db);
  // Reset links are looked up, stored and emailed after the answer, so it takes as long whether
  // or not the account exists, and a failure there cannot show in it.
  const pendingEmails = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pendingEmails);
  });
  /** Runs `send` once the answer has gone; returned synchronously, setImmediate comes after it. */
  function afterAnswer(
    request: FastifyRequest,
    failureMessage: string,
    send: () => Promise<void>,
  ): void {
    const work = new Promise((resolve) => setImmediate(resolve))
      .then(send)
      .catch((error: unknown) => request.log.error({ err: error }, failureMessage))
      .finally(() => pendingEmails.delete(work));
    pendingEmails.add(work);
  }

  const builtinOnly = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!app.builtinIssuer) return refuse(reply, 409, MANAGED_BY_ISSUER);
  };

  app.route({
    ...(await withUncommonPassword(register)),
    preHandler: builtinOnly,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { email, password, firstName, lastName } = request.body;
      const now = app.now();
      // Hashed either way, so a known address takes as long as a new one (decision 013).
      const passwordHash = await passwords.hashNewPassword(request, reply, password, email);
      if (passwordHash === null) return reply;
      const created = await users.createAccount({ email, firstName, lastName, passwordHash }, now);
      if (!created)
        afterAnswer(request, 'account-exists email not sent', () =>
          resetEmails.sendAccountExists(email, { now, log: request.log }),
        );
      return reply.code(201).send({ success: true as const, message: ACCOUNT_CREATED });
    },
  });

  app.route({
    ...(await fromContract(getInteraction)),
    preHandler: builtinOnly,
    handler: async (request, reply) => {
      const details = await interactionFor(request, reply, request.params.uid);
      if (!details) return refuse(reply, 400, INTERACTION_EXPIRED);
      void reply.header('cache-control', 'no-store');
      return { uid: details.uid, prompt: details.prompt.name, clientName: 'Locals' };
    },
  });

  app.route({
    ...(await fromContract(logIn)),
    preHandler: builtinOnly,
    handler: async (request, reply) => {
      const { uid, email, password } = request.body;
      const now = app.now();
      const deviceId = await devices.deviceFor(request.cookies[DEVICE_COOKIE], email, now);
      // Decision 031: a place in the gate before any other work, so an attempt beyond its share
      // is refused at once and costs nothing, not even a count against the account.
      const pass = passwords.enterSignIn(request.ip, email, deviceId);
      if (!pass) return passwords.refuseBusy(reply, 'open');
      try {
        const details = await interactionFor(request, reply, uid);
        if (!details) return refuse(reply, 400, INTERACTION_EXPIRED);
        const origin: AttemptOrigin = deviceId === null ? { ip: request.ip } : { deviceId };
        // Slow, never lock (decision 013): held back before the check, so guesses sent in parallel
        // wait too, and the right password always gets in, from any address.
        const { delayMs } = await throttle.recordAttempt(email, origin, now);
        if (delayMs > 0) await options.sleep(delayMs);
        const user = await users.findAccountByEmail(email);
        const isValid = await pass.run(() => verifyPassword(user?.passwordHash ?? null, password));
        if (!user || !isValid) return refuse(reply, 401, INVALID_CREDENTIALS);
        await throttle.clearPair(email, origin);
        if (user.passwordHash && needsRehash(user.passwordHash)) {
          await users.setPasswordHash(user.id, await pass.run(() => hashPassword(password)), now);
        }
        await rememberDevice(reply, email, now);
        return await finishInteraction(request, reply, user.id);
      } finally {
        pass.leave();
      }
    },
  });

  app.route({
    ...(await fromContract(requestPasswordReset)),
    preHandler: builtinOnly,
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: (request) => {
      const { email } = request.body;
      const now = app.now();
      afterAnswer(request, 'reset link not sent', () =>
        resetEmails.sendResetLink(email, { now, log: request.log }),
      );
      return { success: true as const, message: RESET_LINK_SENT };
    },
  });

  app.route({
    ...(await fromContract(checkResetLink)),
    preHandler: builtinOnly,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      // The page says a used or expired link is so before a password is typed.
      const pending = await resets.findUsable(sha256(request.query.token), app.now());
      if (!pending) return refuse(reply, 400, INVALID_RESET_TOKEN);
      void reply.header('cache-control', 'no-store');
      return { usable: true as const };
    },
  });

  app.route({
    ...(await withUncommonPassword(resetPassword)),
    preHandler: builtinOnly,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const now = app.now();
      // Checked before the link is used up, so the person can choose again with the same link.
      const pending = await resets.findUsable(sha256(request.body.token), now);
      const account = pending && (await users.findById(pending.userId));
      if (account && isPasswordTheEmail(request.body.password, account.email)) {
        return refuse(reply, 400, PASSWORD_IS_EMAIL);
      }
      const passwordHash = await passwords.hashNewPassword(request, reply, request.body.password);
      if (passwordHash === null) return reply;
      const consumed = await resets.consume(sha256(request.body.token), now);
      if (!consumed) return refuse(reply, 400, INVALID_RESET_TOKEN);
      const user = await users.findById(consumed.userId);
      if (!user) return refuse(reply, 400, INVALID_RESET_TOKEN);
      await users.setPasswordHash(user.id, passwordHash, now);
      await resets.consumeAllForUser(user.id, now);
      await sessions.deleteAllForUser(user.id);
      await revokeIssuerState(app.database.db, user.id);
      await throttle.clearAccount(user.email);
      // The link proves the mailbox, so this browser is known from now on (OWASP's device
      // cookies): a flood of guesses at the account cannot keep its owner out of a new browser.
      await rememberDevice(reply, user.email, now);
      return { success: true as const, message: PASSWORD_CHANGED };
    },
  });

  /** The interaction this browser's cookie names, if it is the one the page asks about. */
  async function interactionFor(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const details = await app.builtinIssuer!.provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : null;
    } catch {
      return null;
    }
  }

  /** A new device cookie for the account: after the right password, or a used reset link. */
  async function rememberDevice(reply: FastifyReply, email: string, now: Date): Promise<void> {
    const cookie = await devices.issue(email, now);
    void reply.setCookie(DEVICE_COOKIE, cookie, deviceCookieOptions(app.config.auth.secureCookie));
  }

  /** Tells the issuer who signed in; answers with where the browser goes next. */
  async function finishInteraction(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const redirectTo = await app.builtinIssuer!.provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: userId, remember: true } },
      { mergeWithLastSubmission: false },
    );
    // The interaction is settled; oidc-provider leaves its cookie to expire, we tidy it now.
    for (const name of [INTERACTION_COOKIE, `${INTERACTION_COOKIE}.sig`]) {
      void reply.clearCookie(name, { path: INTERACTION_COOKIE_PATH });
    }
    return { success: true as const, redirectTo };
  }
};
