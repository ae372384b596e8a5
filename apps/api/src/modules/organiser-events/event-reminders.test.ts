import { events } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../lib/mailer';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { signedInUser, type SignedInUser } from '../../testing/signed-in';
import {
  aSubmission,
  insertSubmittedEvent,
  setSubmittedEvent,
} from '../../testing/submitted-event-fixtures';
import { useTestApp } from '../../testing/test-app';
import { sendEventReminders } from './event-reminders';
import { createSubmittedEventsRepository } from './submitted-events.repository';

// Tuesday 1 December 2026, 10:00 in London: when every event here was published.
const PUBLISHED = new Date('2026-12-01T10:00:00Z');

/** The app on a clock the test moves, its reminders run as the scheduler runs them. */
function useRemindersApp() {
  const clock = { now: PUBLISHED };
  const testApp = useTestApp({ now: () => clock.now, sleep: async () => {} });
  let organiser: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    organiser = await signedInUser(testApp.app);
  });

  return {
    clock,
    testApp,
    organiser: () => organiser,
    remind: () =>
      sendEventReminders({
        db: testApp.database.db,
        mailer: testApp.app.mailer,
        publicUrl: testApp.config.publicUrl,
        now: testApp.app.now(),
        log: testApp.app.log,
      }),
    published: (submission: ReturnType<typeof aSubmission>, status = 'published' as const) =>
      insertSubmittedEvent(testApp.database, {
        submittedBy: organiser.id,
        submission,
        status,
        now: PUBLISHED,
      }),
    /** The emails about one event, by its title. */
    mailAbout: async (title: string) =>
      (await readOutbox(testApp.outboxDir)).filter((message) => message.subject.includes(title)),
  };
}

describe("a week before a series' last date", () => {
  const { clock, testApp, organiser, remind, published, mailAbout } = useRemindersApp();
  let ending: string;

  beforeAll(async () => {
    // Eight Tuesdays, the last on 26 January 2027.
    const weekly = { frequency: 'weekly', until: '2027-01-26' } as const;
    ending = (await published(aSubmission({ title: 'Ending Walk', repeat: weekly }))).id;
    await published(aSubmission({ title: 'One-off Fair', date: '2027-01-26' }));
    const cancelled = await published(aSubmission({ title: 'Cancelled Walk', repeat: weekly }));
    await setSubmittedEvent(testApp.database, cancelled.id, { cancelled: true });
    const pending = aSubmission({ title: 'Pending Walk', repeat: weekly });
    await insertSubmittedEvent(testApp.database, {
      submittedBy: organiser().id,
      submission: pending,
      now: PUBLISHED,
    });
    const orphan = await published(aSubmission({ title: 'Orphaned Walk', repeat: weekly }));
    await setSubmittedEvent(testApp.database, orphan.id, { submittedBy: null });
  });

  it('is not sent 8 days before', async () => {
    clock.now = new Date('2027-01-18T10:00:00Z');
    expect(await remind()).toEqual({ ending: 0, freshness: 0 });
    expect(await readOutbox(testApp.outboxDir)).toEqual([]);
  });

  it('goes once, within the week, to the account that sent it and to nobody else', async () => {
    clock.now = new Date('2027-01-19T12:00:00Z');

    expect(await remind()).toEqual({ ending: 1, freshness: 0 });
    expect(await remind()).toEqual({ ending: 0, freshness: 0 });

    const mail = await mailAbout('Ending Walk');
    expect(mail.map(({ to, subject }) => ({ to, subject }))).toEqual([
      {
        to: organiser().email,
        subject: 'Your event Ending Walk ends on Locals on Tuesday 26 January 2027',
      },
    ]);
    expect(mail[0]?.text).toContain(
      'If it carries on after that, add more dates in My events so people can still find it:\nhttp://localhost:3000/my-events',
    );
    expect(mail[0]?.text).toContain(`http://localhost:3000/events?eventId=${ending}`);
    // Not the one-off, the cancelled series, the one waiting for a moderator, nor the one
    // whose account is gone.
    expect(await readOutbox(testApp.outboxDir)).toHaveLength(1);
    const [row] = await testApp.database.db.select().from(events).where(eq(events.id, ending));
    expect(row?.endingReminderAt).toEqual(clock.now);
  });

  it('goes again before a new last date its organiser added', async () => {
    clock.now = new Date('2027-01-20T09:00:00Z');
    const store = createSubmittedEventsRepository(testApp.database.db);
    const longer = aSubmission({
      title: 'Ending Walk',
      repeat: { frequency: 'weekly', until: '2027-03-30' },
    });
    const changed = await store.update(ending, { submission: longer, updatedAt: clock.now });
    await store.writeSessions(changed, clock.now);

    expect(await remind()).toEqual({ ending: 0, freshness: 0 });

    clock.now = new Date('2027-03-23T12:00:00Z');
    expect(await remind()).toEqual({ ending: 1, freshness: 0 });
    expect((await mailAbout('Ending Walk')).map(({ subject }) => subject)).toEqual([
      'Your event Ending Walk ends on Locals on Tuesday 26 January 2027',
      'Your event Ending Walk ends on Locals on Tuesday 30 March 2027',
    ]);
  });
});

describe('after 3 months without a change', () => {
  const { clock, testApp, organiser, remind, published, mailAbout } = useRemindersApp();
  const weekly = { frequency: 'weekly', until: '2027-11-30' } as const;

  beforeAll(async () => {
    await published(aSubmission({ title: 'Long Walk', repeat: weekly }));
    const changed = await published(aSubmission({ title: 'Changed Walk', repeat: weekly }));
    await setSubmittedEvent(testApp.database, changed.id, {
      updatedAt: new Date('2027-01-15T10:00:00Z'),
    });
    // Over by March: nothing to ask about.
    await published(aSubmission({ title: 'Short Fair', date: '2026-12-15' }));
    const cancelled = await published(aSubmission({ title: 'Cancelled Walk', repeat: weekly }));
    await setSubmittedEvent(testApp.database, cancelled.id, { cancelled: true });
    await insertSubmittedEvent(testApp.database, {
      submittedBy: organiser().id,
      submission: aSubmission({ title: 'Pending Walk', repeat: weekly }),
      now: PUBLISHED,
    });
  });

  it('asks nothing before 3 months', async () => {
    clock.now = new Date('2027-02-28T10:00:00Z');
    expect(await remind()).toEqual({ ending: 0, freshness: 0 });
  });

  it('asks its organiser once whether it still runs', async () => {
    clock.now = new Date('2027-03-01T10:00:00Z');

    expect(await remind()).toEqual({ ending: 0, freshness: 1 });
    expect(await remind()).toEqual({ ending: 0, freshness: 0 });

    const mail = await mailAbout('Long Walk');
    expect(mail.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: organiser().email, subject: 'Does Long Walk still run as listed on Locals?' },
    ]);
    expect(mail[0]?.text).toContain(
      'Your event Long Walk on Locals has not changed since Tuesday 1 December 2026.',
    );
    expect(mail[0]?.text).toContain(
      'If something has changed, change it in My events. If it has stopped, cancel it there,',
    );
    expect(mail[0]?.text).toContain('http://localhost:3000/my-events');
    expect(await readOutbox(testApp.outboxDir)).toHaveLength(1);
  });

  it('asks about a changed event 3 months after its change', async () => {
    clock.now = new Date('2027-04-15T10:00:00Z');

    expect(await remind()).toEqual({ ending: 0, freshness: 1 });

    expect(await mailAbout('Changed Walk')).toHaveLength(1);
    expect(await mailAbout('Long Walk')).toHaveLength(1);
  });

  it('asks again 3 months after asking, if nothing changed since', async () => {
    clock.now = new Date('2027-06-01T10:00:00Z');

    expect(await remind()).toEqual({ ending: 0, freshness: 1 });

    expect(await mailAbout('Long Walk')).toHaveLength(2);
    expect(await mailAbout('Changed Walk')).toHaveLength(1);
    const subjects = (await readOutbox(testApp.outboxDir)).map(({ subject }) => subject);
    expect(subjects.filter((subject) => /Cancelled|Pending|Short Fair/.test(subject))).toEqual([]);
  });
});
