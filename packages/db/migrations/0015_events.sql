-- Community events (issue 14, decision 021): an event, and each of its dated sessions.
CREATE TABLE "events" (
  "id" text PRIMARY KEY NOT NULL,
  "source" text NOT NULL,
  "source_uid" text NOT NULL,
  "source_name" text,
  "licence" text NOT NULL,
  "title" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "category" text NOT NULL,
  "venue" text NOT NULL,
  "address" text DEFAULT '' NOT NULL,
  "postcode" text NOT NULL,
  "latitude" double precision NOT NULL,
  "longitude" double precision NOT NULL,
  "organizer_name" text DEFAULT '' NOT NULL,
  "organizer_email" text,
  "organizer_phone" text,
  "registration_required" boolean DEFAULT false NOT NULL,
  "registration_link" text,
  "website" text,
  "accessibility" text[] DEFAULT '{}' NOT NULL,
  "tags" text[] DEFAULT '{}' NOT NULL,
  "recurrence" text,
  "cancelled" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_source_uid_key" ON "events" ("source", "source_uid");
--> statement-breakpoint
CREATE TABLE "event_occurrences" (
  "event_id" text NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone,
  "starts_epoch" double precision NOT NULL,
  "all_day" boolean DEFAULT false NOT NULL,
  "category" text NOT NULL,
  "latitude" double precision NOT NULL,
  "longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_occurrences_event_start_key" ON "event_occurrences" ("event_id", "starts_at");
--> statement-breakpoint
-- Searches without a postcode: the next sessions everywhere, in start order.
CREATE INDEX "event_occurrences_starts_idx" ON "event_occurrences" ("starts_at");
--> statement-breakpoint
-- Searches with a postcode: the point on the earth (three dimensions) and the start in seconds
-- (a fourth) in one GiST index, so "within 10 miles, these dates" is one box in one index.
CREATE INDEX "event_occurrences_place_time_idx" ON "event_occurrences"
  USING gist (cube(ll_to_earth("latitude", "longitude")::cube, "starts_epoch", "starts_epoch"));
