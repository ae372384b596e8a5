-- Outgoing mail, queued in the transaction of the write it tells someone about (decision 026),
-- so a decision and its email commit together or not at all: an email the mail server refuses
-- stays here and is tried again instead of being lost after a log line.
-- `message` is the email (to, subject, text, html). Its text and html are dropped once sent:
-- they may carry a one-time link, and listing_links keeps only hashes so a copy of the database
-- cannot use one. A row is never deleted: one given up on (gave_up_at) stays for an operator.
-- `next_attempt_at` is when it is due; claiming a row moves it past a lease first, so several
-- API instances sharing this database never send one row at once.
CREATE TABLE "outgoing_mail" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "message" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  "sent_at" timestamp with time zone,
  "gave_up_at" timestamp with time zone
);
--> statement-breakpoint
-- The timer's question, "which emails are due?", reads only the rows still waiting.
CREATE INDEX "outgoing_mail_due_idx" ON "outgoing_mail" ("next_attempt_at")
  WHERE "sent_at" IS NULL AND "gave_up_at" IS NULL;
