-- Deciding applications, providers, one-time links, freshness and safe retries (issue 15,
-- decision 024).
-- What a moderator decided about an application, and the listing an approval made.
ALTER TABLE "provider_applications"
  ADD COLUMN "decided_at" timestamp with time zone,
  ADD COLUMN "decided_by" text,
  ADD COLUMN "rejection_reason" text,
  ADD COLUMN "service_id" text REFERENCES "services" ("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_status_check"
  CHECK ("status" IN ('received', 'approved', 'rejected'));
--> statement-breakpoint
-- The organisation that runs a listing: the email it applied with, and the account that proved
-- it owns that email (null until someone signs in with it and opens the emailed link).
CREATE TABLE "listing_providers" (
  "service_id" text PRIMARY KEY REFERENCES "services" ("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "user_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_providers_user_idx" ON "listing_providers" ("user_id");
--> statement-breakpoint
-- One-time links sent by email. Only a SHA-256 of the token is kept, so a copy of the database
-- cannot use them. A link works once (used_at) and expires.
CREATE TABLE "listing_links" (
  "token_hash" text PRIMARY KEY,
  "purpose" text NOT NULL CHECK ("purpose" IN ('claim', 'still-correct', 'something-changed')),
  "service_id" text NOT NULL REFERENCES "services" ("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "used_by" uuid
);
--> statement-breakpoint
CREATE INDEX "listing_links_service_idx" ON "listing_links" ("service_id");
--> statement-breakpoint
-- When the 11-month "is this still correct?" email went for the listing's current check.
ALTER TABLE "services" ADD COLUMN "check_nudged_at" timestamp with time zone;
--> statement-breakpoint
-- A write's answer, kept under the Idempotency-Key its caller sent, so a retry answers the same.
-- `scope` is whose key it is (a user id, or a one-time link's hash).
CREATE TABLE "idempotent_writes" (
  "scope" text NOT NULL,
  "key" uuid NOT NULL,
  "operation" text NOT NULL,
  "request_hash" text NOT NULL,
  "status" integer,
  "response" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("scope", "key")
);
