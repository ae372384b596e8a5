import type { Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookie';

const ISSUED = new Date('2026-11-23T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const EMAIL = 'ada@example.org';

describe('device cookies', () => {
  let database: Database;
  let cookie: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    cookie = await createDeviceCookies(database.db).issue(EMAIL, ISSUED);
  });
  afterAll(async () => {
    await database.close();
  });

  const deviceFor = (value: string | undefined, email = EMAIL, daysLater = 1) =>
    // A new reader each time stands for another instance: the key is in the database.
    createDeviceCookies(database.db).deviceFor(
      value,
      email,
      new Date(+ISSUED + daysLater * DAY_MS),
    );

  it('names neither the person nor the email', () => {
    expect(cookie).not.toMatch(/ada|example/i);
  });

  it('knows the browser for the account it signed in to, however the email is typed', async () => {
    const deviceId = cookie.split('.')[0];

    expect(await deviceFor(cookie)).toBe(deviceId);
    expect(await deviceFor(cookie, ' Ada@Example.ORG ')).toBe(deviceId);
  });

  it('gives each sign-in a device of its own', async () => {
    const again = await createDeviceCookies(database.db).issue(EMAIL, ISSUED);

    expect(again.split('.')[0]).not.toBe(cookie.split('.')[0]);
  });

  it.each([
    ['no cookie', () => undefined, EMAIL, 1],
    ['another account', () => cookie, 'grace@example.org', 1],
    ['one older than 180 days', () => cookie, EMAIL, 181],
    ['another device id', () => cookie.replace(/^[^.]+/, 'someone-else'), EMAIL, 1],
    [
      'a later issue time',
      () => cookie.replace(/\.(\d+)\./, (_, t: string) => `.${+t + 1}.`),
      EMAIL,
      1,
    ],
    ['a signature cut short', () => cookie.slice(0, -1), EMAIL, 1],
    ['an extra part', () => `${cookie}.more`, EMAIL, 1],
    ['nonsense', () => 'not a device cookie', EMAIL, 1],
  ])('does not know a browser with %s', async (_, value, email, daysLater) => {
    expect(await deviceFor(value(), email, daysLater)).toBeNull();
  });
});
