-- Keyword search in a category, read from a narrow copy of what it needs (issue 13, decision 019).
-- In a category's box the keyword has to be tested on every service (decision 017). Read from
-- "services", each test fetches a wide row (about 830 bytes) on a page of its own, as a
-- category's services are scattered among the others'. Here each category's services are a
-- table of their own (a partition), a third as wide, in the order they were written: imports
-- arrive area by area, so the services of one box are on few pages.
--
-- One row per service and category (a service in two categories has two), kept by the triggers
-- below: the columns the keyword search's match and order read, under the same names as in
-- "services", and the service types in lower case, as the order compares them.
CREATE TABLE "service_search" (
  "category" text NOT NULL,
  "id" text NOT NULL,
  "latitude" double precision,
  "longitude" double precision,
  "verified" boolean NOT NULL,
  "categories" text[] NOT NULL,
  "service_types_lower" text[] NOT NULL,
  "search" tsvector,
  "search_exact" tsvector,
  PRIMARY KEY ("id", "category")
) PARTITION BY LIST ("category");
--> statement-breakpoint
-- The fixed categories (packages/contracts/src/categories.ts); anything else an import stored.
CREATE TABLE "service_search_socialcare" PARTITION OF "service_search" FOR VALUES IN ('socialcare');
--> statement-breakpoint
CREATE TABLE "service_search_sport" PARTITION OF "service_search" FOR VALUES IN ('sport');
--> statement-breakpoint
CREATE TABLE "service_search_health" PARTITION OF "service_search" FOR VALUES IN ('health');
--> statement-breakpoint
CREATE TABLE "service_search_accessibility" PARTITION OF "service_search" FOR VALUES IN ('accessibility');
--> statement-breakpoint
CREATE TABLE "service_search_food" PARTITION OF "service_search" FOR VALUES IN ('food');
--> statement-breakpoint
CREATE TABLE "service_search_skillsdevelopment" PARTITION OF "service_search" FOR VALUES IN ('skillsdevelopment');
--> statement-breakpoint
CREATE TABLE "service_search_volunteering" PARTITION OF "service_search" FOR VALUES IN ('volunteering');
--> statement-breakpoint
CREATE TABLE "service_search_housing" PARTITION OF "service_search" FOR VALUES IN ('housing');
--> statement-breakpoint
CREATE TABLE "service_search_transport" PARTITION OF "service_search" FOR VALUES IN ('transport');
--> statement-breakpoint
CREATE TABLE "service_search_mentalhealth" PARTITION OF "service_search" FOR VALUES IN ('mentalhealth');
--> statement-breakpoint
CREATE TABLE "service_search_neurodiversity" PARTITION OF "service_search" FOR VALUES IN ('neurodiversity');
--> statement-breakpoint
CREATE TABLE "service_search_welcomespaces" PARTITION OF "service_search" FOR VALUES IN ('welcomespaces');
--> statement-breakpoint
CREATE TABLE "service_search_other" PARTITION OF "service_search" DEFAULT;
--> statement-breakpoint
-- The services there are now, a category's services together and each area's together.
INSERT INTO service_search
SELECT DISTINCT ON (c.category, s.outcode, s.id)
  c.category, s.id, s.latitude, s.longitude, s.verified, s.categories,
  lower(s.service_types::text)::text[], s.search, s.search_exact
FROM services AS s, unnest(s.categories) AS c(category)
WHERE c.category IS NOT NULL
ORDER BY c.category, s.outcode, s.id;
--> statement-breakpoint
CREATE INDEX "service_search_earth_idx" ON "service_search" USING gist (ll_to_earth("latitude", "longitude"));
--> statement-breakpoint
-- A service's rows as the search reads it. An update that changes none of these columns (every
-- re-import) rewrites nothing, so the rows stay where they are.
CREATE FUNCTION "locals_service_search_rows"() RETURNS trigger
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
            AND (n.latitude, n.longitude, n.verified, n.categories, n.service_types, n.search, n.search_exact)
                IS NOT DISTINCT FROM
                (o.latitude, o.longitude, o.verified, o.categories, o.service_types, o.search, o.search_exact));
      INSERT INTO service_search
      SELECT DISTINCT ON (n.id, c.category)
        c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact
      FROM new_services AS n, unnest(n.categories) AS c(category)
      WHERE c.category IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM old_services AS o
          WHERE o.id = n.id
            AND (n.latitude, n.longitude, n.verified, n.categories, n.service_types, n.search, n.search_exact)
                IS NOT DISTINCT FROM
                (o.latitude, o.longitude, o.verified, o.categories, o.service_types, o.search, o.search_exact));
    ELSE
      INSERT INTO service_search
      SELECT DISTINCT ON (n.id, c.category)
        c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact
      FROM new_services AS n, unnest(n.categories) AS c(category)
      WHERE c.category IS NOT NULL;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "services_search_rows_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_search_rows();
--> statement-breakpoint
CREATE TRIGGER "services_search_rows_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS old_services NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_search_rows();
--> statement-breakpoint
CREATE TRIGGER "services_search_rows_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS old_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_search_rows();
--> statement-breakpoint
CREATE FUNCTION "locals_service_search_truncate"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    TRUNCATE service_search;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "services_search_rows_truncate" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_search_truncate();
