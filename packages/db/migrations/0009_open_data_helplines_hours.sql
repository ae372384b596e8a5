-- Issue 10: national helplines, and opening hours in a structured form (WeeklyHours, parsed on import).
CREATE TABLE "helplines" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"organisation" text NOT NULL,
	"service" text NOT NULL,
	"phone" text,
	"text" text,
	"hours" text NOT NULL,
	"helps_with" text NOT NULL,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"nations" text NOT NULL,
	"source_urls" text[] DEFAULT '{}' NOT NULL,
	"source_seen" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "weekly_hours" jsonb;--> statement-breakpoint
CREATE INDEX "helplines_categories_idx" ON "helplines" USING gin ("categories");