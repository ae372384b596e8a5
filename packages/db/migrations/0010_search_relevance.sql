-- Keyword relevance (issue 10, decision 011). The full-text vector is rebuilt from what a service
-- IS, weighted by field, and never from where it is: a search for "food bank" must not find a
-- pharmacy on Bank Street. Weights: A name, service types and category labels; B main and other
-- services; C the description. Addresses, postcodes and place names are left out on purpose (a
-- postcode or place typed as a keyword is taken as the location instead).
CREATE FUNCTION "locals_words"(input text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(input, ' '), '') $$;
--> statement-breakpoint
-- The labels of packages/contracts/src/categories.ts (search-words.test.ts keeps the two equal).
CREATE FUNCTION "locals_category_labels"(input text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(CASE c
      WHEN 'socialcare' THEN 'Social Care'
      WHEN 'sport' THEN 'Physical activity'
      WHEN 'health' THEN 'Health'
      WHEN 'accessibility' THEN 'Accessibility'
      WHEN 'food' THEN 'Food'
      WHEN 'skillsdevelopment' THEN 'Skills development'
      WHEN 'volunteering' THEN 'Volunteering'
      WHEN 'housing' THEN 'Housing'
      WHEN 'transport' THEN 'Transport'
      WHEN 'mentalhealth' THEN 'Mental Health'
      WHEN 'neurodiversity' THEN 'Neurodiversity'
      WHEN 'welcomespaces' THEN 'Welcome Spaces'
      ELSE '' END, ' '), '')
    FROM unnest(input) AS c
  $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "services_search_idx";
--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "search";
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
  setweight(to_tsvector('english', locals_words("service_types")), 'A') ||
  setweight(to_tsvector('english', locals_category_labels("categories")), 'A') ||
  setweight(to_tsvector('english', locals_words("main_services") || ' ' || locals_words("other_services")), 'B') ||
  setweight(to_tsvector('english', coalesce("description", '')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search");
--> statement-breakpoint
-- The same fields, words unstemmed, for the thesaurus: its phrases name their own variants
-- ('food bank', 'food banks', 'foodbank'), and English stemming would make 'housing' find every
-- 'House' in a name ('hous' both).
ALTER TABLE "services" ADD COLUMN "search_exact" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce("name", '')), 'A') ||
  setweight(to_tsvector('simple', locals_words("service_types")), 'A') ||
  setweight(to_tsvector('simple', locals_category_labels("categories")), 'A') ||
  setweight(to_tsvector('simple', locals_words("main_services") || ' ' || locals_words("other_services")), 'B') ||
  setweight(to_tsvector('simple', coalesce("description", '')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "services_search_exact_idx" ON "services" USING gin ("search_exact");
--> statement-breakpoint
-- Typo tolerance now corrects a word against the words services use (below) instead of testing
-- trigram similarity on every row near the searcher, so this index has no reader left.
DROP INDEX IF EXISTS "services_search_document_trgm_idx";
--> statement-breakpoint
-- The same for the name's trigram indexes and the joined word pairs of migration 0003
-- ('foodbank' is now a thesaurus phrase): nothing reads them, and every write paid for them.
DROP INDEX IF EXISTS "services_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "services_name_pairs_trgm_idx";
--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN IF EXISTS "name_pairs";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "locals_joined_word_pairs"(text);
--> statement-breakpoint
-- Every word a keyword can match exactly (unstemmed, lower case), for spelling suggestions: a
-- keyword word with no exact match is replaced by its nearest spelling here (pg_trgm). Words are
-- added as services are written; a word whose last service went stays, and then simply matches
-- nothing, which the search already handles.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words come from search_exact (the same fields, unstemmed), which a stored generated column
-- has already computed when an AFTER trigger runs. Only words not yet known are inserted: after the
-- first few services nearly every word is known, so concurrent bulk loads do not queue on each
-- other's new keys.
CREATE FUNCTION "locals_collect_search_words"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w
    FROM changed_services AS s, unnest(tsvector_to_array(s.search_exact)) AS w
    WHERE length(w) >= 3 AND w !~ '[0-9]'
      AND NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = w)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "services_search_words_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS changed_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER "services_search_words_update" AFTER UPDATE ON "services"
  REFERENCING NEW TABLE AS changed_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w
FROM services AS s, unnest(tsvector_to_array(s.search_exact)) AS w
WHERE length(w) >= 3 AND w !~ '[0-9]'
ON CONFLICT DO NOTHING;
