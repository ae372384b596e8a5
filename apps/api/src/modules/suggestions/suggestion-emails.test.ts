import { randomUUID } from 'node:crypto';
import { createSuggestion } from '@locals/contracts/routes/suggestions';
import { listingProviders, suggestions } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { signedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import type { MailMessage, Mailer } from '../../lib/mailer';
import { createSuggestionEmails, MAX_EMAIL_ATTEMPTS, retryDelayMs } from './suggestion-emails';
import { EMAIL_RETRY_INTERVAL_MS } from './suggestions.routes';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** A mailer that fails `failures` times (SMTP down), then delivers into `sent`. */
function flakyMailer(failures: number) {
  const sent: MailMessage[] = [];
  let failuresLeft = failures;
  const mailer = {
    send: vi.fn((message: MailMessage) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new Error('421 Service not available, try again later'));
      }
      sent.push(message);
      return Promise.resolve();
    }),
    close: () => {},
  } satisfies Mailer;
  return { mailer, sent };
}

describe('suggestion emails', () => {
  let clock = new Date('2025-06-02T09:00:00.000Z');
  const testApp = useTestApp({ now: () => clock });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const later = (milliseconds: number) => {
    clock = new Date(clock.getTime() + milliseconds);
  };
  const emailsWith = (mailer: Mailer) =>
    createSuggestionEmails({
      db: testApp.database.db,
      mailer,
      config: testApp.config,
      now: () => clock,
      log: testApp.app.log,
    });
  const rowOf = async (id: string) => {
    const [row] = await testApp.database.db
      .select()
      .from(suggestions)
      .where(eq(suggestions.id, id));
    return row;
  };

  /** A suggestion sent through the API while SMTP refuses: stored, its email not sent. */
  async function aSuggestionWhoseEmailFailed() {
    const provider = `provider-${randomUUID()}@example.org`;
    const serviceId = `emails-${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id: serviceId, email: provider })]);
    // Claimed: only a listing's provider on Locals is emailed (issue 26); others go to moderators.
    await testApp.database.db.insert(listingProviders).values({ serviceId, email: provider });
    vi.spyOn(testApp.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    const person = await signedInUser(testApp.app);
    const response = await person.call(createSuggestion, {
      body: { serviceId, suggestionText: 'The lift is fixed.' },
    });
    vi.restoreAllMocks();
    const { suggestion } = await checkReply(createSuggestion, response, 201);
    return { id: suggestion.id, provider };
  }

  it('tries a failed email again a minute later, and records it once sent', async () => {
    const { id, provider } = await aSuggestionWhoseEmailFailed();
    const { mailer, sent } = flakyMailer(1);
    const emails = emailsWith(mailer);

    expect(await emails.sendDue()).toBe(0); // not due yet
    later(MINUTE);
    expect(await emails.sendDue()).toBe(0); // SMTP still refuses: second try fails
    expect(await rowOf(id)).toMatchObject({
      emailSentAt: null,
      emailAttempts: 2,
      emailNextAttemptAt: new Date(clock.getTime() + 2 * MINUTE),
    });
    later(2 * MINUTE);
    expect(await emails.sendDue()).toBe(1);

    expect(sent.map((message) => message.to)).toEqual([provider]);
    expect(sent[0]?.text).toContain('The lift is fixed.');
    expect(sent[0]?.text).toMatch(/\/suggestions\/respond\?token=[\w-]{32}/);
    expect(await rowOf(id)).toMatchObject({
      emailSentAt: clock,
      emailAttempts: 3,
      emailNextAttemptAt: null,
    });
    later(HOUR);
    expect(await emails.sendDue()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it.each([
    [1, MINUTE],
    [2, 2 * MINUTE],
    [3, 4 * MINUTE],
    [9, 256 * MINUTE],
    [10, 6 * HOUR],
    [19, 6 * HOUR],
  ])('after %i failed tries waits %i ms', (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} tries, and says so in the log`, async () => {
    const { id } = await aSuggestionWhoseEmailFailed();
    await testApp.database.db
      .update(suggestions)
      .set({ emailAttempts: MAX_EMAIL_ATTEMPTS - 1, emailNextAttemptAt: clock })
      .where(eq(suggestions.id, id));
    const { mailer } = flakyMailer(Infinity);
    const logged = vi.spyOn(testApp.app.log, 'error');
    const emails = emailsWith(mailer);

    await emails.sendDue();
    later(7 * 24 * HOUR);
    await emails.sendDue();

    expect(mailer.send).toHaveBeenCalledOnce();
    expect(await rowOf(id)).toMatchObject({
      emailSentAt: null,
      emailAttempts: MAX_EMAIL_ATTEMPTS,
      emailNextAttemptAt: null,
    });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ suggestionId: id, attempts: MAX_EMAIL_ATTEMPTS }),
      'gave up sending a suggestion email',
    );
  });

  it('sends each due email once when two rounds run at once (two servers)', async () => {
    const { provider } = await aSuggestionWhoseEmailFailed();
    later(MINUTE);
    const { mailer, sent } = flakyMailer(0);
    const first = emailsWith(mailer);
    const second = emailsWith(mailer);

    const counts = await Promise.all([first.sendDue(), second.sendDue()]);

    expect(counts.sort()).toEqual([0, 1]);
    expect(sent.map((message) => message.to)).toEqual([provider]);
  });

  it('the running server tries due emails as it starts, and again every minute', async () => {
    const early = await aSuggestionWhoseEmailFailed();
    later(MINUTE);
    const late = await aSuggestionWhoseEmailFailed();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { mailer, sent } = flakyMailer(0);
    const server = await buildApp({
      config: testApp.config,
      database: testApp.database,
      logger: false,
      mailer,
      now: () => clock,
    });

    await server.ready();
    await vi.waitFor(async () => expect((await rowOf(early.id))?.emailSentAt).toEqual(clock));
    expect(sent.map((message) => message.to)).toEqual([early.provider]);

    later(MINUTE);
    await vi.advanceTimersByTimeAsync(EMAIL_RETRY_INTERVAL_MS);
    await server.close();

    expect(sent.map((message) => message.to)).toEqual([early.provider, late.provider]);
    expect(await rowOf(late.id)).toMatchObject({ emailSentAt: clock, emailNextAttemptAt: null });
  });
});
