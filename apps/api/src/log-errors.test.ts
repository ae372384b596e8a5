import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from './log-errors';
import type { Mailer } from './lib/mailer';
import { aService, insertServices } from './testing/directory-fixtures';
import { signedInUser, signedOutClient } from './testing/signed-in';
import { useTestApp } from './testing/test-app';

type LogLine = { level: number; msg: string; err?: Record<string, unknown> };

const GENERIC_500 = {
  code: 'internal_error',
  message: 'Something went wrong on our side. Please try again.',
};

describe('logs of failed requests', () => {
  const lines: string[] = [];
  let refuseMail = false;
  const mailer: Mailer = {
    send: (message) =>
      refuseMail
        ? Promise.reject(
            new Error(`550 5.1.1 <${message.to}>: Recipient address rejected: User unknown`),
          )
        : Promise.resolve(),
    close: () => {},
  };
  const testApp = useTestApp({ mailer, logStream: { write: (line) => lines.push(line) } });
  beforeAll(async () => {
    await testApp.database.db.execute(sql`
      create function refuse_write() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`);
  });
  afterEach(async () => {
    refuseMail = false;
    await testApp.database.db.execute(sql`drop trigger if exists refuse on newsletter_subscribers`);
    await testApp.database.db.execute(sql`drop trigger if exists refuse on notes`);
  });

  const refuseWritesTo = (table: 'newsletter_subscribers' | 'notes') =>
    testApp.database.db.execute(
      sql`create trigger refuse before insert on ${sql.identifier(table)}
          for each row execute function refuse_write()`,
    );
  const failures = () =>
    lines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg === 'request failed');

  it.each([
    {
      what: 'a database error quoting an email address',
      secret: 'sam.private@example.org',
      setUp: () => refuseWritesTo('newsletter_subscribers'),
      send: (secret: string) =>
        signedOutClient(testApp.app)('POST', '/api/newsletter/subscribe', { email: secret }),
      expected: { type: 'DrizzleQueryError', cause: { code: 'P0001' } },
    },
    {
      what: 'a database error quoting a private note',
      secret: 'My landlord is Mr Hughes at 4 Mill Lane',
      setUp: () => refuseWritesTo('notes'),
      send: async (secret: string) => {
        const serviceId = `ods:${randomUUID()}`;
        await insertServices(testApp.database, [aService({ id: serviceId })]);
        const person = await signedInUser(testApp.app);
        return person.send('POST', '/api/notes', { serviceId, noteText: secret });
      },
      expected: { type: 'DrizzleQueryError', cause: { code: 'P0001' } },
    },
    {
      what: 'a mail server quoting the recipient it refused',
      secret: 'alex.recipient@example.org',
      setUp: () => {
        refuseMail = true;
        return Promise.resolve();
      },
      send: (secret: string) =>
        signedOutClient(testApp.app)('POST', '/api/newsletter/subscribe', { email: secret }),
      expected: {
        type: 'Error',
        message: '550 5.1.1 <[email]>: Recipient address rejected: User unknown',
      },
    },
  ])('logs $what without the value, but with its type and stack', async (example) => {
    await example.setUp();
    lines.length = 0;

    const response = await example.send(example.secret);

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(GENERIC_500);
    const [failure] = failures();
    expect(failure?.err).toMatchObject(example.expected);
    expect(failure?.err?.stack).toMatch(/^\s+at /);
    expect(lines.join('\n')).not.toContain(example.secret);
  });

  it.each([
    {
      what: 'a value the database could not read',
      value: 'sam@example.org',
      query: sql`select ${'sam@example.org'}::uuid`,
      code: '22P02',
    },
    {
      what: 'a value breaking a constraint',
      value: 'Private key name',
      query: sql`insert into app_meta (key, value) values (${'Private key name'}, null)`,
      code: '23502',
    },
  ])('keeps the SQLSTATE of $what and drops the value', async ({ value, query, code }) => {
    const error = await testApp.database.db.execute(query).then(
      () => null,
      (thrown: unknown) => thrown,
    );

    const logged = JSON.stringify(serializeError(error));

    expect(serializeError(error)).toMatchObject({ type: 'DrizzleQueryError', cause: { code } });
    expect(logged).not.toContain(value);
  });
});
