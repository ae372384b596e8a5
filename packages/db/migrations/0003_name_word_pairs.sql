-- Typo tolerance across a word gap: people type "foodbank" or "fodbank" for "Food Bank", and
-- trigram word similarity compares one word at a time. Each adjacent pair of name words joined
-- ("Bristol Food Bank" -> "bristolfood foodbank") gives those keywords a word to match.
CREATE FUNCTION "locals_joined_word_pairs"(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$
    SELECT coalesce(string_agg(words[i] || words[i + 1], ' ' ORDER BY i), '')
    FROM (SELECT array_remove(regexp_split_to_array(lower(input), '[^[:alnum:]]+'), '') AS words) w,
         generate_series(1, coalesce(array_length(words, 1), 0) - 1) AS i
  $$;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_pairs" text GENERATED ALWAYS AS (locals_joined_word_pairs("name")) STORED;
--> statement-breakpoint
CREATE INDEX "services_name_pairs_trgm_idx" ON "services" USING gin ("name_pairs" gin_trgm_ops);
