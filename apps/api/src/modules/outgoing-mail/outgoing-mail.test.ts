import { randomUUID } from 'node:crypto';
import { outgoingMail } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mailer';
import { useTestApp } from '../../testing/test-app';
import { deliverDueMail, deliverMail, enqueueMail, type MailDelivery } from '.';

const NOW = new Date('2026-12-03T10:00:00Z');
const MINUTE = 60 * 1000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

/** A mail server that records what it took, refusing while `refusing` is set. */
function aMailServer() {
  const sent: MailMessage[] = [];
  const server = {
    sent,
    refusing: false,
    send: async (message: MailMessage) => {
      // A real send takes a moment: concurrent runs then overlap.
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (server.refusing) throw new Error('421 Service not available');
      sent.push(message);
    },
    close: () => {},
  };
  return server;
}

const aMessage = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: `someone-${randomUUID().slice(0, 8)}@example.org`,
  subject: 'Your application to list a pantry on Locals',
  text: 'Open http://localhost:3000/my-listings/claim?token=abc to claim it.',
  ...overrides,
});

describe('the outgoing mail queue', () => {
  const lines: string[] = [];
  const testApp = useTestApp({ now: () => NOW, logStream: { write: (line) => lines.push(line) } });
  const logged = (msg: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; outgoingMailId?: number })
      .filter((line) => line.msg === msg);

  const queue = async (message = aMessage(), now = NOW) =>
    testApp.database.db.transaction((tx) => enqueueMail(tx, message, now));
  const rowOf = async (id: number) => {
    const [row] = await testApp.database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.id, id));
    return row!;
  };
  const delivery = (server: ReturnType<typeof aMailServer>, now: Date): MailDelivery => ({
    db: testApp.database.db,
    mailer: server,
    now,
    log: testApp.app.log,
  });
  /** Sends all that is due, so each test starts from an empty queue. */
  const drain = async (now: Date) => deliverDueMail(delivery(aMailServer(), now), 10_000);

  it('sends a queued email at once, marks it sent and drops its text', async () => {
    const server = aMailServer();
    const message = aMessage({ html: '<p>Claim it</p>' });
    const id = await queue(message);

    expect(await deliverMail(delivery(server, NOW), id)).toBe(true);

    expect(server.sent).toEqual([message]);
    expect(await rowOf(id)).toMatchObject({
      message: { to: message.to, subject: message.subject },
      attempts: 1,
      sentAt: NOW,
      lastError: null,
      gaveUpAt: null,
    });
    // Sent is sent: neither another instance nor the timer sends it again.
    expect(await deliverMail(delivery(server, at(1)), id)).toBe(false);
    await deliverDueMail(delivery(server, at(24 * 60)));
    expect(server.sent).toHaveLength(1);
  });

  it('keeps an email the mail server refuses and retries it after 1, 5, 15 and 60 minutes, then hourly', async () => {
    await drain(NOW);
    const server = aMailServer();
    server.refusing = true;
    const id = await queue();

    expect(await deliverMail(delivery(server, NOW), id)).toBe(false);
    expect(await rowOf(id)).toMatchObject({
      attempts: 1,
      lastError: '421 Service not available',
      nextAttemptAt: at(1),
      sentAt: null,
      gaveUpAt: null,
    });
    expect(logged('could not send an email; it stays queued and is tried again')).toContainEqual(
      expect.objectContaining({ outgoingMailId: id }),
    );

    // Not due before its time, whoever asks.
    expect(await deliverMail(delivery(server, at(0.5)), id)).toBe(false);
    expect(await deliverDueMail(delivery(server, at(0.5)))).toBe(0);
    expect((await rowOf(id)).attempts).toBe(1);

    let minute = 1;
    for (const [attempts, wait] of [
      [2, 5],
      [3, 15],
      [4, 60],
      [5, 60],
      [6, 60],
    ] as const) {
      expect(await deliverDueMail(delivery(server, at(minute)))).toBe(0);
      expect(await rowOf(id)).toMatchObject({ attempts, nextAttemptAt: at(minute + wait) });
      minute += wait;
    }

    server.refusing = false;
    expect(await deliverDueMail(delivery(server, at(minute)))).toBe(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 7, sentAt: at(minute) });
    expect(server.sent).toHaveLength(1);
  });

  it('gives up after 3 days with an error in the log, keeping the email', async () => {
    await drain(NOW);
    const server = aMailServer();
    server.refusing = true;
    const message = aMessage();
    const id = await queue(message);
    await deliverMail(delivery(server, NOW), id);

    // The timer comes round each time it is due; the mail server stays down for 3 days.
    for (let row = await rowOf(id); row.gaveUpAt === null; row = await rowOf(id)) {
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(at(3 * 24 * 60).getTime());
      await deliverDueMail(delivery(server, row.nextAttemptAt));
    }

    const given = await rowOf(id);
    expect(given.gaveUpAt).not.toBeNull();
    expect(given.gaveUpAt!.getTime()).toBeGreaterThan(at(3 * 24 * 60 - 61).getTime());
    expect(given).toMatchObject({ sentAt: null, message, lastError: '421 Service not available' });
    expect(logged('gave up sending an email after 3 days of trying; it is kept unsent')).toEqual([
      expect.objectContaining({ outgoingMailId: id }),
    ]);

    server.refusing = false;
    expect(await deliverDueMail(delivery(server, at(10 * 24 * 60)))).toBe(0);
    expect(await deliverMail(delivery(server, at(10 * 24 * 60)), id)).toBe(false);
    expect(server.sent).toEqual([]);
  });

  it('picks an email up again once the instance that claimed it has gone quiet', async () => {
    await drain(NOW);
    const server = aMailServer();
    const id = await queue();
    // Claimed by an instance that then died: attempted once, never marked either way.
    await testApp.database.db
      .update(outgoingMail)
      .set({ attempts: 1, nextAttemptAt: at(15) })
      .where(eq(outgoingMail.id, id));

    expect(await deliverDueMail(delivery(server, at(14)))).toBe(0);
    expect(await deliverDueMail(delivery(server, at(15)))).toBe(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, sentAt: at(15) });
  });

  it('sends each email once when two instances run at the same time', async () => {
    await drain(NOW);
    const ids = await Promise.all(Array.from({ length: 30 }, () => queue()));
    const first = aMailServer();
    const second = aMailServer();

    const [sentByFirst, sentBySecond] = await Promise.all([
      deliverDueMail(delivery(first, at(1))),
      deliverDueMail(delivery(second, at(1))),
      // And one sent at once after its commit, at the same time as both.
      deliverMail(delivery(second, at(1)), ids[0]!),
    ]);

    const recipients = [...first.sent, ...second.sent].map((message) => message.to);
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect(sentByFirst + sentBySecond).toBeLessThanOrEqual(30);
    for (const id of ids) expect((await rowOf(id)).attempts).toBe(1);
  });
});
