-- Full-text search (English stemming): the name weighs most, then everything else we know.
-- Drizzle has no tsvector column type, so this generated column lives in SQL only.
ALTER TABLE "services" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
  setweight(to_tsvector('english', coalesce("search_document", '')), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search");
--> statement-breakpoint
-- Typo tolerance ("fodbank" finds food banks): trigram word similarity over the same text.
CREATE INDEX "services_search_document_trgm_idx" ON "services" USING gin ("search_document" gin_trgm_ops);
