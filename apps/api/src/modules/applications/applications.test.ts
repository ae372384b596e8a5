import { ApiErrorSchema } from '@locals/contracts/errors';
import type { ProviderApplication } from '@locals/contracts/list-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import { readOutbox } from '../mail/mailer';
import { createApplicationsRepository } from './applications.repository';
import { ApplicationReceivedSchema } from './applications.routes';

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
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  const apply = (payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/service-providers/apply',
      headers: WEB_CLIENT_HEADERS,
      payload,
    });

  it('stores the application, answers 201 with its id and emails a receipt', async () => {
    const response = await apply(anApplication());

    expect(response.statusCode).toBe(201);
    const body = ApplicationReceivedSchema.parse(response.json());
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

    expect(response.statusCode).toBe(201);
    const { applicationId } = ApplicationReceivedSchema.parse(response.json());
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

    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
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
});
