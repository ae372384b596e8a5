-- Issue 24: lines matched to needs. `need_words` holds the everyday words people type for what a
-- line serves; `hours` is empty where no hours are confirmed (the page then says where to check).
-- The file's verification notes are internal and are never loaded, so there is no column for them.
ALTER TABLE "helplines" ADD COLUMN "need_words" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "helplines" ALTER COLUMN "hours" DROP NOT NULL;
