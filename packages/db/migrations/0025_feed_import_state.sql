-- Issue 31: what an import of an Open Referral UK API remembers of each source between runs
-- (decision 040). `last_started_at` is when the source's last successful import began, which
-- `--modified-after auto` asks the feed about next: its start, not its end, so a record changed
-- while that run read the feed is read again. A run that stops (a page that cannot be read)
-- writes no service, but keeps what it read as a checkpoint: the feed's address and parameters
-- (`checkpoint_feed`), when that run began, and each page read whole in `feed_import_pages`.
-- A run of the same feed with the same parameters resumes after those pages; a successful one,
-- or one with other parameters, discards them.
CREATE TABLE "feed_import_state" (
  "source" text PRIMARY KEY,
  "last_started_at" timestamp with time zone,
  "checkpoint_feed" text,
  "checkpoint_started_at" timestamp with time zone
);
--> statement-breakpoint
-- A page of the list and the full record of each service it lists, as the feed sent them: json,
-- not jsonb, which refuses a \u0000 a publisher's text may hold. `is_last` when the feed said
-- it ended there, so a resumed run asks for no page after it.
CREATE TABLE "feed_import_pages" (
  "source" text NOT NULL REFERENCES "feed_import_state" ("source") ON DELETE CASCADE,
  "page" integer NOT NULL,
  "records" json NOT NULL,
  "is_last" boolean NOT NULL,
  PRIMARY KEY ("source", "page")
);
