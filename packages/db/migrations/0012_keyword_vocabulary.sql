-- Keyword search at index speed (issue 13, decision 017). Whether a keyword word matches any
-- service at all is asked on every keyword search; answered from the services it costs a GIN
-- bitmap of every service with the word (21 ms for 'food' at 1M services). The stemmed lexemes
-- services use (from "search", as the word search matches them) answer it with one primary-key
-- lookup instead.
CREATE TABLE "search_lexemes" ("lexeme" text PRIMARY KEY);
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT l
FROM services AS s, unnest(tsvector_to_array(s.search)) AS l
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A lexeme or word as a one-operand tsquery, exactly as stored (no parsing, no stemming): quoted,
-- with quotes and backslashes escaped as tsquery input wants.
CREATE FUNCTION "locals_lexeme_query"(lexeme text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery $$;
--> statement-breakpoint
-- New words and lexemes as services are written (migration 0010's trigger, now for both tables).
CREATE OR REPLACE FUNCTION "locals_collect_search_words"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w
    FROM changed_services AS s, unnest(tsvector_to_array(s.search_exact)) AS w
    WHERE length(w) >= 3 AND w !~ '[0-9]'
      AND NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.word = w)
    ON CONFLICT DO NOTHING;
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT l
    FROM changed_services AS s, unnest(tsvector_to_array(s.search)) AS l
    WHERE NOT EXISTS (SELECT 1 FROM search_lexemes AS known WHERE known.lexeme = l)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- Words and lexemes go when their last service does: those the changed rows had before and none
-- has after this statement (an update that keeps its text removes nothing and checks nothing),
-- and that no service has any more (one GIN lookup each). Otherwise a word that matches nothing
-- would still count as matching something, and never be corrected.
CREATE FUNCTION "locals_forget_search_words"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM search_words AS v
      WHERE v.word IN (SELECT unnest(tsvector_to_array(o.search_exact)) FROM old_services AS o)
        AND NOT EXISTS (SELECT 1 FROM services AS s WHERE s.search_exact @@ locals_lexeme_query(v.word));
      DELETE FROM search_lexemes AS v
      WHERE v.lexeme IN (SELECT unnest(tsvector_to_array(o.search)) FROM old_services AS o)
        AND NOT EXISTS (SELECT 1 FROM services AS s WHERE s.search @@ locals_lexeme_query(v.lexeme));
    ELSE
      DELETE FROM search_words AS v
      WHERE v.word IN (SELECT unnest(tsvector_to_array(o.search_exact)) FROM old_services AS o
                       EXCEPT SELECT unnest(tsvector_to_array(n.search_exact)) FROM new_services AS n)
        AND NOT EXISTS (SELECT 1 FROM services AS s WHERE s.search_exact @@ locals_lexeme_query(v.word));
      DELETE FROM search_lexemes AS v
      WHERE v.lexeme IN (SELECT unnest(tsvector_to_array(o.search)) FROM old_services AS o
                         EXCEPT SELECT unnest(tsvector_to_array(n.search)) FROM new_services AS n)
        AND NOT EXISTS (SELECT 1 FROM services AS s WHERE s.search @@ locals_lexeme_query(v.lexeme));
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "services_search_words_forget_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS old_services NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_forget_search_words();
--> statement-breakpoint
CREATE TRIGGER "services_search_words_forget_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS old_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_forget_search_words();
