import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errors from './errors';

/** An app whose one route fails with `error`, answered by the errors plugin. */
async function failingWith(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errors);
  app.get('/fails', () => Promise.reject(error));
  return app.inject({ method: 'GET', url: '/fails' });
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a request whose database connection is lost (issue 25)', () => {
  it.each([
    [
      '57P01 admin_shutdown',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['57P02 crash_shutdown', withCode('terminating connection because of crash', '57P02')],
    ['57P03 cannot_connect_now', withCode('the database system is starting up', '57P03')],
    ['08006 connection_failure', withCode('connection failure', '08006')],
    ['ECONNREFUSED', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['ECONNRESET', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a closed socket', new Error('Connection terminated unexpectedly')],
    [
      'one wrapped by drizzle',
      new Error('Failed query: select 1', { cause: withCode('x', '57P01') }),
    ],
  ])('answers 503 with Retry-After for %s, never 500', async (_name, error) => {
    const reply = await failingWith(error);
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.json()).toEqual({
      code: 'service_unavailable',
      message: 'We cannot reach our database just now. Please try again in a few seconds.',
    });
  });

  it('still answers 500, saying nothing internal, for any other failure', async () => {
    const reply = await failingWith(
      withCode('duplicate key value violates unique constraint', '23505'),
    );
    expect(reply.statusCode).toBe(500);
    expect(reply.headers['retry-after']).toBeUndefined();
    expect(reply.json<{ code: string }>().code).toBe('internal_error');
  });
});
