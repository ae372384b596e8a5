-- Each service's thesaurus concepts, kept in service_search (issue 31, decision 042).
-- A keyword in a category tested every service near the searcher against each of the
-- concept's phrases (13 for 'food bank'): the floor of the search at national scale. Here each
-- row carries the concepts its exact text matches, with the field class of the best match, so
-- the search tests a few small integers instead.
--
-- The thesaurus is code (packages/db/src/thesaurus.ts); `keyword_concepts` holds it as the
-- database uses it, each concept's query built from its phrases. migrate() writes it after the
-- migrations whenever the code's thesaurus differs from what is stored, and then recomputes
-- every row's concepts (keyword-concepts.ts). This migration makes the table empty: the first
-- migrate() fills it.
CREATE TABLE "keyword_concepts" (
  -- The concept's place in the code's thesaurus: service_search stores number * 4 + class.
  "number" smallint PRIMARY KEY,
  "id" text NOT NULL UNIQUE,
  "phrases" text[] NOT NULL,
  -- Any phrase (class 1, the description is needed), every lexeme weighted A (class 3: name,
  -- types or category), A or B (class 2: the main services too), as search-sql's fieldClass.
  "query" tsquery NOT NULL,
  "query_a" tsquery NOT NULL,
  "query_ab" tsquery NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_search" ADD COLUMN "concepts" smallint[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- The concepts an exact-text vector matches: number * 4 + class, in number order.
CREATE FUNCTION "locals_service_concepts"(vector tsvector) RETURNS smallint[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg((k.number * 4 + CASE WHEN vector @@ k.query_a THEN 3
                                                   WHEN vector @@ k.query_ab THEN 2
                                                   ELSE 1 END)::smallint ORDER BY k.number),
                    '{}')
    FROM keyword_concepts AS k
    WHERE vector @@ k.query
  $$;
--> statement-breakpoint
-- As 0021, with each service's concepts computed once and written in each of its rows.
CREATE OR REPLACE FUNCTION "locals_service_search_rows"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM service_search AS r USING old_services AS o WHERE r.id = o.id;
    ELSIF TG_OP = 'UPDATE' THEN
      DELETE FROM service_search AS r
      USING old_services AS o
      WHERE r.id = o.id
        AND NOT EXISTS (
          SELECT 1 FROM new_services AS n
          WHERE n.id = o.id
            AND (n.latitude, n.longitude, n.verified, n.categories, n.service_types, n.search, n.search_exact, n.duplicate_of)
                IS NOT DISTINCT FROM
                (o.latitude, o.longitude, o.verified, o.categories, o.service_types, o.search, o.search_exact, o.duplicate_of));
      INSERT INTO service_search (category, id, latitude, longitude, verified, categories,
                                  service_types_lower, search, search_exact, concepts)
      SELECT c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact, k.concepts
      FROM new_services AS n
      CROSS JOIN LATERAL (SELECT locals_service_concepts(n.search_exact) AS concepts) AS k
      CROSS JOIN LATERAL (SELECT DISTINCT u.category FROM unnest(n.categories) AS u(category)
                          WHERE u.category IS NOT NULL) AS c
      WHERE n.duplicate_of IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM old_services AS o
          WHERE o.id = n.id
            AND (n.latitude, n.longitude, n.verified, n.categories, n.service_types, n.search, n.search_exact, n.duplicate_of)
                IS NOT DISTINCT FROM
                (o.latitude, o.longitude, o.verified, o.categories, o.service_types, o.search, o.search_exact, o.duplicate_of));
    ELSE
      INSERT INTO service_search (category, id, latitude, longitude, verified, categories,
                                  service_types_lower, search, search_exact, concepts)
      SELECT c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact, k.concepts
      FROM new_services AS n
      CROSS JOIN LATERAL (SELECT locals_service_concepts(n.search_exact) AS concepts) AS k
      CROSS JOIN LATERAL (SELECT DISTINCT u.category FROM unnest(n.categories) AS u(category)
                          WHERE u.category IS NOT NULL) AS c
      WHERE n.duplicate_of IS NULL;
    END IF;
    RETURN NULL;
  END
  $$;
