import { randomUUID } from 'node:crypto';
import type { ProviderApplication } from '@locals/contracts/list-service';
import { applyToListService } from '@locals/contracts/routes/applications';
import { providerApplications } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { readOutbox } from '../../lib/mailer';
import { createApplicationsRepository } from './applications.repository';

function anApplication(overrides: Partial<ProviderApplication> = {}): ProviderApplication {
  return {
    organizationName: 'Bristol Community Pantry',
    contactName: 'Priya Shah',
    email: 'priya@pantry.example.org',
    phone: '0117 496 0000',
    website: 'https://pantry.example.org',
    address: '1 Corn Street, Bristol BS1 1HQ',
    services: 'Food parcels, community meals',
    description: 'A volunteer-run food pantry open three days a week.',
    ...overrides,
  };
}

describe('POST /api/service-providers/apply', () => {
  const testApp = useTestApp();

  // Applications allow 5 a minute per address: each request comes from an address of its own.
  const apply = (application: ProviderApplication, headers: Record<string, string> = {}) =>
    aVisitor(testApp.app).call(applyToListService, { body: application }, headers);

  it('stores the application, answers 201 with its id and emails a receipt', async () => {
    const response = await apply(anApplication());

    const body = await checkReply(applyToListService, response, 201);
    expect(body.message).toBe(
      "Thanks, we've received your application. We'll review it and get back to you within 2-3 business days.",
    );
    const stored = await createApplicationsRepository(testApp.database.db).findById(
      body.applicationId,
    );
    expect(stored).toMatchObject({ ...anApplication(), status: 'received' });
    const messages = await readOutbox(testApp.outboxDir);
    expect(messages.map((message) => message.to)).toEqual([
      'priya@pantry.example.org',
      'listings@locals.org.uk',
    ]);
    expect(messages[0]?.text).toContain(body.applicationId);
  });

  it('accepts an application without a website', async () => {
    const response = await apply(anApplication({ website: '' }));

    const { applicationId } = await checkReply(applyToListService, response, 201);
    expect(
      await createApplicationsRepository(testApp.database.db).findById(applicationId),
    ).toMatchObject({
      website: null,
    });
  });

  it('lists every problem by field', async () => {
    const response = await apply(
      anApplication({ organizationName: ' ', phone: 'call me', website: 'pantry' }),
    );

    const body = await checkReply(applyToListService, response, 400);
    expect(body).toMatchObject({
      code: 'validation_error',
      message: 'Organisation name is required',
    });
    expect(body.fieldErrors).toEqual({
      organizationName: ['Organisation name is required'],
      phone: ['Enter a phone number, like 0117 496 0000'],
      website: ['Enter a full web address, like https://example.org'],
    });
  });

  describe('with an Idempotency-Key (a retried submission)', () => {
    const applyWithKey = (application: ProviderApplication, key: string) =>
      apply(application, { 'idempotency-key': key });
    const mailTo = async (to: string) =>
      (await readOutbox(testApp.outboxDir)).filter((message) => message.to === to);

    it('answers a repeat with the first application, storing and emailing once', async () => {
      const application = anApplication({ email: `repeat-${randomUUID()}@example.org` });
      const key = randomUUID();

      const first = await applyWithKey(application, key);
      const repeat = await applyWithKey(application, key);

      await checkReply(applyToListService, first, 201);
      await checkReply(applyToListService, repeat, 201);
      expect(repeat.json()).toEqual(first.json());
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(await mailTo(application.email)).toHaveLength(1);
      expect(await applicationsFrom(application.email)).toHaveLength(1);
    });

    it('keeps the same key from two email addresses apart', async () => {
      const key = randomUUID();
      const one = anApplication({ email: `one-${randomUUID()}@example.org` });
      const two = anApplication({ email: `two-${randomUUID()}@example.org` });

      const first = await applyWithKey(one, key);
      const second = await applyWithKey(two, key);

      const secondBody = await checkReply(applyToListService, second, 201);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(secondBody.applicationId).not.toBe(
        (await checkReply(applyToListService, first, 201)).applicationId,
      );
    });

    it('answers 422 when the key comes again with a different application', async () => {
      const email = `changed-${randomUUID()}@example.org`;
      const key = randomUUID();
      await applyWithKey(anApplication({ email }), key);

      const reused = await applyWithKey(anApplication({ email, phone: '0117 496 0999' }), key);

      expect((await checkReply(applyToListService, reused, 422)).code).toBe(
        'idempotency_key_reused',
      );
      expect(await applicationsFrom(email)).toHaveLength(1);
    });

    it('answers 400 for a key that is not a UUID', async () => {
      const email = `bad-key-${randomUUID()}@example.org`;

      const response = await applyWithKey(anApplication({ email }), 'attempt-2');

      expect((await checkReply(applyToListService, response, 400)).message).toBe(
        'Idempotency-Key must be a UUID, made once for each submission and sent again on retries',
      );
      expect(await applicationsFrom(email)).toHaveLength(0);
    });
  });

  const applicationsFrom = (email: string) =>
    testApp.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.email, email));
});
