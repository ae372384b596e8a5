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
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- As on event_occurrences below: the venue as earthdistance's point, and its grid cell.
  "position" cube GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")::cube) STORED,
  "cell" integer GENERATED ALWAYS AS (floor("latitude" * 20)::int * 10000 + floor("longitude" * 12.5)::int) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_source_uid_key" ON "events" ("source", "source_uid");
--> statement-breakpoint
-- Searches with no end date start from the events near the place (decision 021).
CREATE INDEX "events_cell_idx" ON "events" ("cell")
  INCLUDE ("category", "registration_required", "cancelled", "position");
--> statement-breakpoint
CREATE TABLE "event_occurrences" (
  "event_id" text NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone,
  "all_day" boolean DEFAULT false NOT NULL,
  "category" text NOT NULL,
  "registration_required" boolean NOT NULL,
  "cancelled" boolean NOT NULL,
  "latitude" double precision NOT NULL,
  "longitude" double precision NOT NULL,
  -- The point on the earth, as earthdistance's ll_to_earth makes it: the distance to a search's
  -- centre is then one cube_distance, with no trigonometry per row.
  "position" cube GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")::cube) STORED,
  -- A cell of a grid 1/20 degree of latitude by 1/12.5 of longitude (about 5.5 km square in the
  -- UK): apps/api/src/modules/events/grid.ts lists the cells a search circle touches.
  "cell" integer GENERATED ALWAYS AS (floor("latitude" * 20)::int * 10000 + floor("longitude" * 12.5)::int) STORED
);
--> statement-breakpoint
-- One event's sessions in order: its next session is one index-only probe.
CREATE UNIQUE INDEX "event_occurrences_event_start_key" ON "event_occurrences" ("event_id", "starts_at")
  INCLUDE ("ends_at", "all_day");
--> statement-breakpoint
-- Searches without a postcode: the next sessions everywhere, in start order.
CREATE INDEX "event_occurrences_starts_idx" ON "event_occurrences" ("starts_at");
--> statement-breakpoint
-- Searches with a postcode: the cells a search circle touches, each read in start order, with
-- everything the search reads included, so it is answered from the index alone (decision 021).
CREATE INDEX "event_occurrences_cell_start_idx" ON "event_occurrences" ("cell", "starts_at")
  INCLUDE ("event_id", "ends_at", "all_day", "category", "registration_required", "cancelled", "position");
