-- Events organisers submit themselves (decision 038). They are rows of "events" with source
-- 'locals', so links, bookmarks, search and the calendar feeds treat them as any other; the
-- columns below are null for imported events, which an import keeps writing as before.
ALTER TABLE "events" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_status_check"
  CHECK ("status" IS NULL OR "status" IN ('pending', 'published', 'refused'));--> statement-breakpoint
-- Who submitted it; the event stays (and can be moderated) if the account goes.
ALTER TABLE "events" ADD COLUMN "submitted_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
-- What the organiser wrote, as they wrote it (the repeat included): what My events shows and
-- an edit starts from. The columns above it are what search and the feeds read.
ALTER TABLE "events" ADD COLUMN "submission" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
-- When it was first on /events: from then on it is cancelled, never deleted, even while a change
-- waits for a moderator, so people who saved it are told.
ALTER TABLE "events" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
-- London days its organiser called off (yyyy-MM-dd): kept while a change waits for a moderator,
-- when the event has no sessions, so they are still cancelled once it is published again.
ALTER TABLE "events" ADD COLUMN "cancelled_days" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The verified listing whose provider published it without waiting, if any.
ALTER TABLE "events" ADD COLUMN "service_id" text REFERENCES "services"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- When the organiser was last asked about it (decision 024's freshness rules, for events).
ALTER TABLE "events" ADD COLUMN "ending_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "freshness_reminder_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "events_submitted_by_idempotency_key"
  ON "events" ("submitted_by", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_submitted_by_idx" ON "events" ("submitted_by") WHERE "submitted_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_pending_idx" ON "events" ("created_at") WHERE "status" = 'pending';--> statement-breakpoint
-- One date of a series called off by its organiser, shown as cancelled rather than left out.
-- "cancelled" stays the whole event's (copied for the search index).
ALTER TABLE "event_occurrences" ADD COLUMN "date_cancelled" boolean DEFAULT false NOT NULL;
