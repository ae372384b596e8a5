import type { FastifyReply, FastifyRequest } from 'fastify';
import { createPasswordGate, type GatePass, type Lane } from './password-gate';
import { hashPassword } from './passwords';
import { normaliseEmail } from './users.repository';
import { refusal, refuse, type Refusal } from '../../capabilities/refusals';

/** The password gate's refusal (decision 031), in words for the sign-in and password pages. */
export function passwordsBusy(seconds: number): Refusal {
  const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
  return refusal(
    'rate_limited',
    `We are checking a lot of passwords just now. Wait ${wait}, then try again.`,
  );
}

const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * The account routes' argon2 calls, every one through this instance's password gate: what
 * each attempt's place is keyed by, and the 429 it gets when there is none.
 */
export function createPasswordWork(gate = createPasswordGate()) {
  function refuseBusy(reply: FastifyReply, lane: Lane) {
    const seconds = gate.retryAfterSeconds(lane);
    return refuse(reply, 429, passwordsBusy(seconds), { 'retry-after': String(seconds) });
  }

  return {
    refuseBusy,

    /**
     * A sign-in attempt's place: a browser known to the account queues apart from strangers,
     * who cannot fill its lane; if that lane is full it queues with everyone else.
     */
    enterSignIn(ip: string, email: string, deviceId: string | null): GatePass | null {
      const known = deviceId === null ? null : gate.enter('known', [accountKey(email)]);
      return known ?? gate.enter('open', [addressKey(ip), accountKey(email)]);
    },

    /** A new password's hash (registration, reset), or null once a 429 has been sent instead. */
    async hashNewPassword(
      request: FastifyRequest,
      reply: FastifyReply,
      password: string,
      email?: string,
    ): Promise<string | null> {
      const keys = [addressKey(request.ip), ...(email === undefined ? [] : [accountKey(email)])];
      const pass = gate.enter('open', keys);
      if (!pass) {
        await refuseBusy(reply, 'open');
        return null;
      }
      try {
        return await pass.run(() => hashPassword(password));
      } finally {
        pass.leave();
      }
    },
  };
}
