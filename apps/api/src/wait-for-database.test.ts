import { describe, expect, it } from 'vitest';
import { describeDatabaseUrl, isConnectionError } from '@locals/db/connection-errors';
import { databaseFailureMessage, waitForDatabase } from './wait-for-database';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A clock that moves only when the code under test sleeps. */
function fakeClock() {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    sleep: (ms: number) => {
      sleeps.push(ms);
      time += ms;
      return Promise.resolve();
    },
  };
}

describe('describeDatabaseUrl', () => {
  it.each([
    [
      'postgres://locals:s3cret@db.example:5432/locals',
      'postgres://locals@db.example:5432/locals, password hidden',
    ],
    ['postgres://postgres@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/test'],
    [
      'postgresql://db/locals?password=s3cret&sslmode=require',
      'postgresql://db/locals, password hidden',
    ],
  ])('shows %s as %s', (url, shown) => {
    expect(describeDatabaseUrl(url)).toBe(shown);
  });
});

describe('isConnectionError', () => {
  it.each([
    ['57P01 admin_shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      '57P03 cannot_connect_now',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['08006', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a closed socket', new Error('Connection terminated unexpectedly')],
    ['one wrapped by drizzle', new Error('Failed query: select 1', { cause: refused() })],
    [
      'IPv4 and IPv6 both refused',
      Object.assign(new AggregateError([refused(), refused()]), { code: 'ECONNREFUSED' }),
    ],
  ])('says yes to %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    [
      'a wrong password',
      Object.assign(new Error('password authentication failed'), { code: '28P01' }),
    ],
    ['a plain bug', new TypeError('x is undefined')],
  ])('says no to %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe('waitForDatabase', () => {
  const URL_WITH_PASSWORD = 'postgres://locals:s3cret@db.example:5432/locals';

  it('retries with growing delays until the server answers', async () => {
    const clock = fakeClock();
    let attempts = 0;
    const waiting: string[] = [];
    await waitForDatabase(
      () => {
        attempts += 1;
        return attempts < 5 ? Promise.reject(refused()) : Promise.resolve();
      },
      URL_WITH_PASSWORD,
      { timeoutMs: 30_000, ...clock, onWaiting: (reason) => waiting.push(reason) },
    );
    expect(attempts).toBe(5);
    expect(clock.sleeps).toEqual([250, 500, 1000, 2000]);
    expect(waiting).toEqual(['connect ECONNREFUSED 127.0.0.1:5432']);
  });

  it('gives up after the limit with one line naming DATABASE_URL, never the password', async () => {
    const clock = fakeClock();
    const waiting = waitForDatabase(() => Promise.reject(refused()), URL_WITH_PASSWORD, {
      timeoutMs: 30_000,
      ...clock,
    });
    await expect(waiting).rejects.toThrow(
      'Could not reach the PostgreSQL server at DATABASE_URL (postgres://locals@db.example:5432/locals, password hidden) after 30 s: connect ECONNREFUSED 127.0.0.1:5432. Check that it is running and that DATABASE_URL is right.',
    );
    const message = await waiting.catch((error: Error) => error.message);
    expect(message).not.toContain('s3cret');
    expect(message).not.toContain('\n');
    expect(clock.now()).toBe(30_000);
    expect(Math.max(...clock.sleeps)).toBe(5_000);
  });

  it('stops at once when the server answers but refuses', async () => {
    const clock = fakeClock();
    const wrongPassword = Object.assign(
      new Error('password authentication failed for user "locals"'),
      { code: '28P01' },
    );
    await expect(
      waitForDatabase(() => Promise.reject(wrongPassword), URL_WITH_PASSWORD, {
        timeoutMs: 30_000,
        ...clock,
      }),
    ).rejects.toThrow(
      'Could not use the PostgreSQL server at DATABASE_URL (postgres://locals@db.example:5432/locals, password hidden): password authentication failed for user "locals". Check that DATABASE_URL is right.',
    );
    expect(clock.sleeps).toEqual([]);
  });

  it('reads the reason of an AggregateError, whose own message is empty', () => {
    const error = Object.assign(new AggregateError([refused()]), { code: 'ECONNREFUSED' });
    expect(databaseFailureMessage('postgres://db/x', error, 2_000)).toBe(
      'Could not reach the PostgreSQL server at DATABASE_URL (postgres://db/x) after 2 s: connect ECONNREFUSED 127.0.0.1:5432. Check that it is running and that DATABASE_URL is right.',
    );
  });
});
