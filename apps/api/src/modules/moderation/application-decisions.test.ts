import { randomUUID } from 'node:crypto';
import type { ListingFieldsInput } from '@locals/contracts/listing';
import * as moderation from '@locals/contracts/routes/moderation';
import { getService, searchServices } from '@locals/contracts/routes/services';
import { auditLog, listingProviders, outgoingMail, providerApplications } from '@locals/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../lib/mailer';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { createRolesRepository } from '../auth/roles.repository';
import { oneTimeLinks } from '../listings';
import { deliverDueMail } from '../outgoing-mail';

// Thursday 3 December 2026, 10:00 in London.
const NOW = new Date('2026-12-03T10:00:00Z');

const anApplication = (overrides: Partial<typeof providerApplications.$inferInsert> = {}) => ({
  organizationName: 'Bristol Community Pantry',
  contactName: 'Priya Shah',
  email: `Priya-${randomUUID()}@Pantry.example.org`,
  phone: '0117 496 0000',
  website: 'https://pantry.example.org',
  address: 'Unit 3, 1 Corn Street, Bristol bs14dj',
  services: 'Food parcels',
  description: 'A volunteer-run food pantry.',
  createdAt: new Date('2026-11-30T09:00:00Z'),
  ...overrides,
});

const aListing = (overrides: Partial<ListingFieldsInput> = {}): ListingFieldsInput => ({
  name: 'Bristol Community Pantry',
  description: 'Food parcels and community meals, three days a week.',
  categories: ['food'],
  phones: ['0117 496 0000'],
  email: 'hello@pantry.example.org',
  website: 'https://pantry.example.org',
  address: 'Unit 3, 1 Corn Street, Bristol',
  postcode: 'bs1 4dj',
  openingHours: 'Mon 09:00-17:00',
  ...overrides,
});

describe('deciding provider applications', () => {
  const testApp = useTestApp({ now: () => NOW, sleep: async () => {} });
  let moderator: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, [
      aService({ id: 'same-name', name: 'BRISTOL COMMUNITY PANTRY', postcode: 'BS2 0JA' }),
      aService({ id: 'same-postcode', name: 'Corn Street Surgery', postcode: 'BS1 4DJ' }),
      aService({ id: 'demo-twin', name: 'Bristol Community Pantry', source: 'demo' }),
      aService({ id: 'elsewhere', name: 'Someone Else', postcode: 'BS1 5TR' }),
    ]);
    moderator = await signedInUser(testApp.app);
    await createRolesRepository(testApp.database.db).grant(moderator.id, 'moderator');
  });

  async function anApplicationId(
    overrides: Partial<typeof providerApplications.$inferInsert> = {},
  ) {
    const [row] = await testApp.database.db
      .insert(providerApplications)
      .values(anApplication(overrides))
      .returning();
    return row!;
  }
  const mailTo = async (to: string) =>
    (await readOutbox(testApp.outboxDir)).filter((message) => message.to === to);
  const auditOf = (entityId: string) =>
    testApp.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  const approve = (id: string, listing = aListing(), key: string = randomUUID()) =>
    moderator.call(
      moderation.approveApplication,
      { params: { id }, body: { listing } },
      { 'idempotency-key': key },
    );
  const reject = (id: string, reason: string, key: string = randomUUID()) =>
    moderator.call(
      moderation.rejectApplication,
      { params: { id }, body: { reason } },
      { 'idempotency-key': key },
    );

  describe('GET /api/moderation/applications/:id', () => {
    it('shows the application with its postcode, position and possible duplicates', async () => {
      const application = await anApplicationId();

      const response = await moderator.call(moderation.getApplication, {
        params: { id: application.id },
      });

      const body = await checkReply(moderation.getApplication, response, 200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(body).toMatchObject({
        id: application.id,
        organizationName: 'Bristol Community Pantry',
        status: 'received',
        ageBusinessDays: 3,
        overdue: true,
        postcode: 'BS1 4DJ',
        position: { latitude: 51.4519, longitude: -2.5967 },
        decidedAt: null,
        decidedBy: null,
        rejectionReason: null,
        serviceId: null,
      });
      expect(body.duplicates).toEqual([
        {
          id: 'same-name',
          name: 'BRISTOL COMMUNITY PANTRY',
          address: '1 Test Street, Bristol',
          postcode: 'BS2 0JA',
          reasons: ['name'],
        },
        {
          id: 'same-postcode',
          name: 'Corn Street Surgery',
          address: '1 Test Street, Bristol',
          postcode: 'BS1 4DJ',
          reasons: ['postcode'],
        },
      ]);
    });

    it('has no postcode or position when the address gives none Locals knows', async () => {
      const unknown = await anApplicationId({
        organizationName: 'Nowhere Trust',
        address: 'Somewhere in Bath BA1 9ZZ',
      });
      const none = await anApplicationId({ organizationName: 'No Code', address: 'The Green' });
      const detail = async (id: string) =>
        checkReply(
          moderation.getApplication,
          await moderator.call(moderation.getApplication, { params: { id } }),
          200,
        );

      expect(await detail(unknown.id)).toMatchObject({
        postcode: 'BA1 9ZZ',
        position: null,
        duplicates: [],
      });
      expect(await detail(none.id)).toMatchObject({ postcode: null, position: null });
    });

    it('answers 404 for an unknown application and 400 for a malformed reference', async () => {
      const unknown = await moderator.call(moderation.getApplication, {
        params: { id: randomUUID() },
      });
      expect(await checkReply(moderation.getApplication, unknown, 404)).toEqual({
        code: 'not_found',
        message: 'There is no application with that reference.',
      });
      const malformed = await moderator.call(moderation.getApplication, {
        params: { id: 'not-a-uuid' },
      });
      expect(await checkReply(moderation.getApplication, malformed, 400)).toMatchObject({
        code: 'validation_error',
      });
    });
  });

  describe('POST /api/moderation/applications/:id/approve', () => {
    it('creates a verified listing, checked today and findable at once, and emails the applicant', async () => {
      const application = await anApplicationId();

      const response = await approve(application.id);

      const { application: decided } = await checkReply(
        moderation.approveApplication,
        response,
        200,
      );
      expect(decided).toMatchObject({
        id: application.id,
        status: 'approved',
        decidedAt: NOW.toISOString(),
        decidedBy: moderator.email,
        rejectionReason: null,
        serviceId: expect.stringMatching(/^locals-/) as unknown,
      });
      const serviceId = decided.serviceId!;
      // The listing it made is not a duplicate of the application.
      expect(decided.duplicates.map((duplicate) => duplicate.id)).toEqual([
        'same-name',
        'same-postcode',
      ]);

      const search = await checkReply(
        searchServices,
        await aVisitor(testApp.app).call(searchServices, { query: { postcode: 'BS1 4DJ' } }),
        200,
      );
      expect(search.results.map((result) => result.id)).toContain(serviceId);
      const service = await checkReply(
        getService,
        await aVisitor(testApp.app).call(getService, { params: { id: serviceId } }),
        200,
      );
      expect(service.data).toMatchObject({
        name: 'Bristol Community Pantry',
        verified: true,
        reviewDate: '2026-12-03',
        postcode: 'BS1 4DJ',
        provider: 'Bristol Community Pantry',
      });

      const [provider] = await testApp.database.db
        .select()
        .from(listingProviders)
        .where(eq(listingProviders.serviceId, serviceId));
      expect(provider?.email).toBe(application.email.toLowerCase());

      const [mail, ...more] = await mailTo(application.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(
        'Your application to list Bristol Community Pantry on Locals has been approved',
      );
      expect(mail?.text).toContain('is now live on Locals');
      expect(mail?.text).toContain('http://localhost:3000/results?postcode=BS1+4DJ');
      expect(mail?.text).toContain(`(${application.email})`);
      expect(mail?.text).toContain('within 7 days');
      const token = /\/my-listings\/claim\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      expect(await oneTimeLinks.find(testApp.database.db, token!)).toMatchObject({
        purpose: 'claim',
        serviceId,
        email: application.email.toLowerCase(),
        usedAt: null,
      });
    });

    it('records the approval and the new listing in the audit log', async () => {
      const application = await anApplicationId({ organizationName: 'Audited Pantry' });
      const { application: decided } = await checkReply(
        moderation.approveApplication,
        await approve(application.id, aListing({ name: 'Audited Pantry' })),
        200,
      );

      expect(await auditOf(application.id)).toEqual([
        expect.objectContaining({
          actorUserId: moderator.id,
          actor: moderator.email,
          action: 'approve-application',
          entityType: 'application',
          before: { status: 'received' },
          after: { status: 'approved', serviceId: decided.serviceId },
        }),
      ]);
      expect(await auditOf(decided.serviceId!)).toEqual([
        expect.objectContaining({
          actor: moderator.email,
          action: 'create-listing',
          entityType: 'listing',
          before: null,
          after: {
            ...aListing({ name: 'Audited Pantry' }),
            postcode: 'BS1 4DJ',
          },
        }),
      ]);
    });

    it('answers a retry with the first answer and emails once; a reused key gets 422', async () => {
      const application = await anApplicationId();
      const key = randomUUID();

      const first = await approve(application.id, aListing(), key);
      const retry = await approve(application.id, aListing(), key);

      await checkReply(moderation.approveApplication, retry, 200);
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await mailTo(application.email)).toHaveLength(1);

      const reused = await approve(application.id, aListing({ name: 'Other' }), key);
      expect(await checkReply(moderation.approveApplication, reused, 422)).toMatchObject({
        code: 'idempotency_key_reused',
      });
    });

    it('answers 409 naming the date and moderator once the application is decided', async () => {
      const application = await anApplicationId();
      await checkReply(moderation.approveApplication, await approve(application.id), 200);

      const again = await approve(application.id);
      const message = `This application was already approved on 3 December 2026 by ${moderator.email}.`;
      expect(await checkReply(moderation.approveApplication, again, 409)).toEqual({
        code: 'conflict',
        message,
      });
      const rejecting = await reject(application.id, 'Changed my mind');
      expect(await checkReply(moderation.rejectApplication, rejecting, 409)).toEqual({
        code: 'conflict',
        message,
      });
      expect(await mailTo(application.email)).toHaveLength(1);
    });

    it('answers 400 for a postcode Locals cannot place, changing nothing', async () => {
      const application = await anApplicationId();

      const response = await approve(application.id, aListing({ postcode: 'BS1 9ZZ' }));

      expect(await checkReply(moderation.approveApplication, response, 400)).toEqual({
        code: 'validation_error',
        message:
          'Locals cannot find where BS1 9ZZ is, so the listing could not be put on the map. Check the postcode and try again.',
        fieldErrors: {
          'listing.postcode': [
            'Locals cannot find where BS1 9ZZ is, so the listing could not be put on the map. Check the postcode and try again.',
          ],
        },
      });
      const [stored] = await testApp.database.db
        .select()
        .from(providerApplications)
        .where(eq(providerApplications.id, application.id));
      expect(stored?.status).toBe('received');
      expect(await mailTo(application.email)).toEqual([]);
      expect(await auditOf(application.id)).toEqual([]);
    });

    it.each([
      ['no listing', {}, 'listing'],
      ['no category', { listing: { ...aListing(), categories: [] } }, 'listing.categories'],
      ['a bad postcode', { listing: { ...aListing(), postcode: 'BS1' } }, 'listing.postcode'],
    ])('answers 400 for %s', async (_case, body, field) => {
      const application = await anApplicationId();
      const response = await moderator.send(
        'POST',
        `/api/moderation/applications/${application.id}/approve`,
        body,
      );
      const error = await checkReply(moderation.approveApplication, response, 400);
      expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
    });

    it('answers 404 for an unknown application', async () => {
      const response = await approve(randomUUID());
      expect(await checkReply(moderation.approveApplication, response, 404)).toMatchObject({
        code: 'not_found',
      });
    });
  });

  describe('POST /api/moderation/applications/:id/reject', () => {
    it('rejects with the reason, emails it to the applicant and records it', async () => {
      const application = await anApplicationId({ organizationName: 'Far Away Club' });
      const reason = 'We list services in Bristol and London only.\nYours is in Leeds.';

      const response = await reject(application.id, reason);

      const { application: decided } = await checkReply(
        moderation.rejectApplication,
        response,
        200,
      );
      expect(decided).toMatchObject({
        status: 'rejected',
        decidedAt: NOW.toISOString(),
        decidedBy: moderator.email,
        rejectionReason: reason,
        serviceId: null,
      });
      const [mail, ...more] = await mailTo(application.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('Your application to list Far Away Club on Locals');
      expect(mail?.text).toContain('we could not approve your application');
      expect(mail?.text).toContain(
        '> We list services in Bristol and London only.\n> Yours is in Leeds.',
      );
      expect(mail?.text).toContain('http://localhost:3000/list-services');
      expect(await auditOf(application.id)).toEqual([
        expect.objectContaining({
          actor: moderator.email,
          action: 'reject-application',
          before: { status: 'received' },
          after: { status: 'rejected', reason },
        }),
      ]);

      const again = await reject(application.id, reason);
      expect(await checkReply(moderation.rejectApplication, again, 409)).toEqual({
        code: 'conflict',
        message: `This application was already rejected on 3 December 2026 by ${moderator.email}.`,
      });
    });

    it('replays a retried rejection without a second email', async () => {
      const application = await anApplicationId();
      const key = randomUUID();
      const first = await reject(application.id, 'Not a local service.', key);
      const retry = await reject(application.id, 'Not a local service.', key);
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await mailTo(application.email)).toHaveLength(1);
    });

    it('requires a reason', async () => {
      const application = await anApplicationId();
      const response = await reject(application.id, '   ');
      const error = await checkReply(moderation.rejectApplication, response, 400);
      expect(error).toMatchObject({ code: 'validation_error' });
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(['reason']);
    });
  });

  describe('when the email cannot be sent', () => {
    const failing = useTestApp({
      now: () => NOW,
      sleep: async () => {},
      mailer: {
        send: () => Promise.reject(new Error('SMTP server unreachable')),
        close: () => {},
      },
    });

    it('still records the decision and answers 200', async () => {
      const someone = await signedInUser(failing.app);
      await createRolesRepository(failing.database.db).grant(someone.id, 'moderator');
      const [application] = await failing.database.db
        .insert(providerApplications)
        .values(anApplication())
        .returning();

      const response = await someone.call(moderation.rejectApplication, {
        params: { id: application!.id },
        body: { reason: 'Not a local service.' },
      });

      const { application: decided } = await checkReply(
        moderation.rejectApplication,
        response,
        200,
      );
      expect(decided.status).toBe('rejected');
    });
  });
});

describe("a decision's email the mail server refuses at first", () => {
  let clock = NOW;
  const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60 * 1000);
  const lines: string[] = [];
  const testApp = useTestApp({
    now: () => clock,
    sleep: async () => {},
    logStream: { write: (line) => lines.push(line) },
  });
  let moderator: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    moderator = await signedInUser(testApp.app);
    await createRolesRepository(testApp.database.db).grant(moderator.id, 'moderator');
  });
  beforeEach(() => {
    clock = NOW;
  });

  async function anApplicationId() {
    const [row] = await testApp.database.db
      .insert(providerApplications)
      .values(anApplication())
      .returning();
    return row!;
  }
  const approve = (id: string, key: string = randomUUID()) =>
    moderator.call(
      moderation.approveApplication,
      { params: { id }, body: { listing: aListing() } },
      { 'idempotency-key': key },
    );
  const reject = (id: string, reason: string) =>
    moderator.call(
      moderation.rejectApplication,
      { params: { id }, body: { reason } },
      { 'idempotency-key': randomUUID() },
    );
  const mailTo = async (to: string) =>
    (await readOutbox(testApp.outboxDir)).filter((message) => message.to === to);
  const queuedFor = (to: string) =>
    testApp.database.db
      .select()
      .from(outgoingMail)
      .where(sql`${outgoingMail.message}->>'to' = ${to}`);
  const deliverDue = () =>
    deliverDueMail({
      db: testApp.database.db,
      mailer: testApp.app.mailer,
      now: clock,
      log: testApp.app.log,
    });
  /** Runs `work` with the mail server refusing the next email (`times` emails in all). */
  async function refusingMail<T>(work: () => Promise<T>, times = 1): Promise<T> {
    const send = vi.spyOn(testApp.app.mailer, 'send');
    for (let refusal = 0; refusal < times; refusal += 1) {
      send.mockRejectedValueOnce(new Error('421 Service not available'));
    }
    try {
      return await work();
    } finally {
      send.mockRestore();
    }
  }

  it('keeps the approval and its email, and sends the claim link on the next try', async () => {
    const application = await anApplicationId();

    const response = await refusingMail(() => approve(application.id));

    const { application: decided } = await checkReply(moderation.approveApplication, response, 200);
    expect(decided.status).toBe('approved');
    const [stored] = await testApp.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, application.id));
    expect(stored).toMatchObject({ status: 'approved', serviceId: decided.serviceId });
    expect(await mailTo(application.email)).toEqual([]);
    const [queued, ...more] = await queuedFor(application.email);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      attempts: 1,
      lastError: '421 Service not available',
      sentAt: null,
      gaveUpAt: null,
      nextAttemptAt: minutesLater(1),
    });
    expect(queued?.message.text).toContain('/my-listings/claim?token=');
    expect(
      lines.map((line) => JSON.parse(line) as { msg: string; outgoingMailId?: number }),
    ).toContainEqual(
      expect.objectContaining({
        msg: 'could not send an email; it stays queued and is tried again',
        outgoingMailId: queued!.id,
      }),
    );

    clock = minutesLater(1);
    expect(await deliverDue()).toBe(1);

    const [mail, ...others] = await mailTo(application.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(
      'Your application to list Bristol Community Pantry on Locals has been approved',
    );
    const token = /\/my-listings\/claim\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(await oneTimeLinks.find(testApp.database.db, token!)).toMatchObject({
      purpose: 'claim',
      serviceId: decided.serviceId,
      usedAt: null,
    });
    const [sent] = await queuedFor(application.email);
    expect(sent).toMatchObject({ attempts: 2, sentAt: minutesLater(1) });
    // The claim link does not stay in the queue once it has gone.
    expect(sent?.message.text).toBeUndefined();

    clock = minutesLater(120);
    expect(await deliverDue()).toBe(0);
    expect(await mailTo(application.email)).toHaveLength(1);
  });

  it('queues nothing more for a replayed approval, and does not try again at once', async () => {
    const application = await anApplicationId();
    const key = randomUUID();
    const first = await refusingMail(() => approve(application.id, key));
    const send = vi.spyOn(testApp.app.mailer, 'send');

    try {
      const retry = await approve(application.id, key);

      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
    expect(await queuedFor(application.email)).toEqual([
      expect.objectContaining({ attempts: 1, sentAt: null }),
    ]);
    clock = minutesLater(1);
    await deliverDue();
    expect(await mailTo(application.email)).toHaveLength(1);
  });

  it('queues nothing for a decision refused as already made', async () => {
    const application = await anApplicationId();
    await checkReply(moderation.approveApplication, await approve(application.id), 200);

    const again = await approve(application.id);
    await checkReply(moderation.approveApplication, again, 409);
    const rejecting = await reject(application.id, 'Changed my mind');
    await checkReply(moderation.rejectApplication, rejecting, 409);

    expect(await queuedFor(application.email)).toEqual([
      expect.objectContaining({ attempts: 1, sentAt: NOW }),
    ]);
    expect(await mailTo(application.email)).toHaveLength(1);
  });

  it('queues nothing for an approval that fails, as its listing cannot be placed', async () => {
    const application = await anApplicationId();
    const response = await moderator.call(
      moderation.approveApplication,
      { params: { id: application.id }, body: { listing: aListing({ postcode: 'BS1 9ZZ' }) } },
      { 'idempotency-key': randomUUID() },
    );
    await checkReply(moderation.approveApplication, response, 400);
    expect(await queuedFor(application.email)).toEqual([]);
  });

  it('sends a rejection the mail server refused, with its reason, on the next try', async () => {
    const application = await anApplicationId();
    const response = await refusingMail(() => reject(application.id, 'Not a local service.'));
    await checkReply(moderation.rejectApplication, response, 200);
    expect(await mailTo(application.email)).toEqual([]);

    clock = minutesLater(1);
    await deliverDue();

    const [mail] = await mailTo(application.email);
    expect(mail?.text).toContain('> Not a local service.');
  });
});
