import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  from: string;
  /** SMTP when set; otherwise messages are written to `outboxDir`. */
  smtpUrl?: string | undefined;
  outboxDir: string;
};

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** The JSON written next to each .eml file, so tests can read a message without a MIME parser. */
export type OutboxEntry = {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  /** Path of the RFC 822 message. */
  emlFile: string;
};

/**
 * Without SMTP (development, tests, e2e) each message becomes `<ISO time>-<sequence>-<random>.eml`
 * plus a `.json` sidecar in the outbox, so names sort by sending order.
 */
function createOutboxMailer({ from, outboxDir }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let sequence = 0;
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      const createdAt = new Date().toISOString();
      sequence += 1;
      const name = `${createdAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      await mkdir(outboxDir, { recursive: true });
      const emlFile = path.join(outboxDir, `${name}.eml`);
      await writeFile(emlFile, info.message as Buffer);
      const entry: OutboxEntry = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        createdAt,
        emlFile,
      };
      await writeFile(path.join(outboxDir, `${name}.json`), JSON.stringify(entry, null, 2));
    },
    close: () => transport.close(),
  };
}

/** Messages in the outbox, oldest first (the newest is the last). */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const sidecars = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    sidecars.map(
      async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as OutboxEntry,
    ),
  );
}
