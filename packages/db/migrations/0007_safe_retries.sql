-- Safe retries (docs/decisions/007-safe-retries-for-writes.md): Idempotency-Key columns for the
-- creates, deletion receipts for idempotent deletes, suggestion email delivery, and the indexes
-- that listing a person's bookmarks and removing a service need.
CREATE TABLE "deletion_receipts" (
	"kind" text NOT NULL,
	"object_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deletion_receipts_kind_object_id_pk" PRIMARY KEY("kind","object_id"),
	CONSTRAINT "deletion_receipts_kind_check" CHECK ("deletion_receipts"."kind" in ('note', 'review'))
);
--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "suggestions" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "suggestions" ADD COLUMN "email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suggestions" ADD COLUMN "email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suggestions" ADD COLUMN "email_next_attempt_at" timestamp with time zone;--> statement-breakpoint
-- Suggestions stored before delivery was recorded had their one try when they were made; a failure
-- then was only logged, and mailing providers about old suggestions now would confuse them.
UPDATE "suggestions" SET "email_sent_at" = "created_at", "email_attempts" = 1;--> statement-breakpoint
ALTER TABLE "deletion_receipts" ADD CONSTRAINT "deletion_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deletion_receipts_deleted_idx" ON "deletion_receipts" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_applications_email_idempotency_key" ON "provider_applications" USING btree ("email","idempotency_key") WHERE "provider_applications"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookmarks_service_idx" ON "bookmarks" USING btree ("service_id") WHERE "bookmarks"."service_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_service_idx" ON "notes" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_user_idempotency_key" ON "notes" USING btree ("user_id","idempotency_key") WHERE "notes"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "suggestions_service_idx" ON "suggestions" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_user_idempotency_key" ON "suggestions" USING btree ("user_id","idempotency_key") WHERE "suggestions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "suggestions_email_due_idx" ON "suggestions" USING btree ("email_next_attempt_at") WHERE "suggestions"."email_sent_at" is null and "suggestions"."email_next_attempt_at" is not null;