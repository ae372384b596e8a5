-- One place once (issue 24, decision 028). Two records of the same kind of service with the same
-- name at the same postcode are one place: the search shows it once, and its detail names every
-- source. Open data has such pairs (NHS ODS lists 'TOYNBEE STREET (DENTAL SURGERY)' at E1 7NE
-- twice, V02256 and V21656), and any write may make one: the open-data load, `npm run import`,
-- a moderator's approval, a provider's edit. So the database keeps it, by the triggers below,
-- whatever wrote the row.
--
-- `duplicate_of` is the id of the record the search shows instead of this one (null: this one is
-- shown). Never written by the application: a write that sets it is corrected by the trigger.
ALTER TABLE "services" ADD COLUMN "duplicate_of" text;
--> statement-breakpoint
-- A name as two sources may write the same place's: case, punctuation and apostrophes ignored
-- ("St Luke's" and "ST LUKES"), '&' and 'and' dropped, 'saint' read as 'st'.
CREATE FUNCTION "locals_place_name"(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$
    SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      regexp_replace(lower(name), '[''’‘`]', '', 'g'),
      '[^[:alnum:]]+', ' ', 'g'),
      '\mand\M', ' ', 'g'),
      '\msaint\M', 'st', 'g'),
      ' +', ' ', 'g'))
  $$;
--> statement-breakpoint
-- A postcode as a key: without spaces, upper case; null when there is none.
CREATE FUNCTION "locals_place_postcode"(postcode text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT nullif(upper(regexp_replace(postcode, '\s', '', 'g')), '') $$;
--> statement-breakpoint
-- The services at a postcode, for the trigger to settle a place from.
CREATE INDEX "services_place_postcode_idx" ON "services" (locals_place_postcode("postcode"));
--> statement-breakpoint
-- A detail's other sources: the records that point at a place.
CREATE INDEX "services_duplicate_of_idx" ON "services" ("duplicate_of") WHERE "duplicate_of" IS NOT NULL;
--> statement-breakpoint
-- The duplicates near a point, with what a radius count tests: a radius search counts every
-- match from the location indexes without the table (migration 0005), and subtracts the
-- duplicates among them, counted from this small index (search-sql.ts).
CREATE INDEX "services_earth_duplicates_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "duplicate_of" IS NOT NULL;
--> statement-breakpoint
-- Sets `duplicate_of` for every service at the postcodes `keys` (locals_place_postcode), and
-- clears it on the services `ids` (those without a postcode). A record D is a duplicate of C when:
-- - both are real (not demo) and have a postcode, the same one, and the same locals_place_name;
-- - C is of every kind D is: D's service types (case aside) are all C's, and D's categories are
--   all C's, and D has at least one of either. So the shown record is found by every filter and
--   keyword type the hidden one was: a library and a food bank called 'Waterloo' in one building
--   stay two, and so does a GP practice that also lists a dental practice beside a plain one;
-- - C ranks above D: verified first (the default search shows verified services only), then
--   more contact fields (phone, email, website), then the smaller id.
-- D points at the highest-ranked such C. That C is never a duplicate itself: a record above C of
-- every kind C is would be of every kind D is, and above D, and so would have been chosen.
CREATE FUNCTION "locals_settle_places"(keys text[], ids text[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF cardinality(keys) > 0 THEN
      WITH place AS MATERIALIZED (
        SELECT s.id, s.duplicate_of,
          locals_place_postcode(s.postcode) AS postcode_key,
          locals_place_name(s.name) AS name_key,
          s.source <> 'demo' AND (cardinality(s.service_types) > 0 OR cardinality(s.categories) > 0)
            AS mergeable,
          s.verified::int AS verified,
          (cardinality(s.phones) > 0)::int + (coalesce(s.email, '') <> '')::int
            + (coalesce(s.website, '') <> '')::int AS contacts,
          lower(s.service_types::text)::text[] AS types,
          s.categories
        FROM services AS s
        WHERE locals_place_postcode(s.postcode) IN (SELECT unnest(keys))
      ),
      settled AS (
        SELECT DISTINCT ON (d.id) d.id, d.duplicate_of AS was, c.id AS canonical
        FROM place AS d
        LEFT JOIN place AS c
          ON c.postcode_key = d.postcode_key AND c.name_key = d.name_key AND c.id <> d.id
          AND d.mergeable AND c.mergeable
          AND d.types <@ c.types AND d.categories <@ c.categories
          AND (c.verified, c.contacts, d.id) > (d.verified, d.contacts, c.id)
        ORDER BY d.id, c.verified DESC, c.contacts DESC, c.id
      )
      UPDATE services AS s SET duplicate_of = settled.canonical
      FROM settled
      WHERE s.id = settled.id AND s.duplicate_of IS DISTINCT FROM settled.canonical;
    END IF;
    IF cardinality(ids) > 0 THEN
      UPDATE services AS s SET duplicate_of = NULL
      WHERE s.id = ANY(ids) AND s.duplicate_of IS NOT NULL
        AND locals_place_postcode(s.postcode) IS NULL;
    END IF;
  END
  $$;
--> statement-breakpoint
-- After each statement that writes services: settles the postcodes of the rows it wrote (before
-- and after), when anything a place depends on changed. An update that changes none of it (a
-- re-import of the same data, a rating recount) settles nothing. The settling update comes back
-- here once, finds nothing more to change, and stops.
CREATE FUNCTION "locals_service_places"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM locals_settle_places(
        ARRAY(SELECT DISTINCT locals_place_postcode(n.postcode) FROM new_services AS n
              WHERE locals_place_postcode(n.postcode) IS NOT NULL),
        ARRAY(SELECT n.id FROM new_services AS n
              WHERE n.duplicate_of IS NOT NULL AND locals_place_postcode(n.postcode) IS NULL));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM locals_settle_places(
        ARRAY(SELECT DISTINCT locals_place_postcode(o.postcode) FROM old_services AS o
              WHERE locals_place_postcode(o.postcode) IS NOT NULL),
        '{}');
    ELSE
      PERFORM locals_settle_places(
        ARRAY(SELECT locals_place_postcode(n.postcode) FROM new_services AS n
              WHERE locals_place_postcode(n.postcode) IS NOT NULL
                AND NOT EXISTS (
                  SELECT 1 FROM old_services AS o
                  WHERE o.id = n.id
                    AND (n.name, n.postcode, n.source, n.verified, n.service_types, n.categories,
                         n.phones, n.email, n.website, n.duplicate_of)
                        IS NOT DISTINCT FROM
                        (o.name, o.postcode, o.source, o.verified, o.service_types, o.categories,
                         o.phones, o.email, o.website, o.duplicate_of))
              UNION
              SELECT locals_place_postcode(o.postcode) FROM old_services AS o
              WHERE locals_place_postcode(o.postcode) IS NOT NULL
                AND NOT EXISTS (
                  SELECT 1 FROM new_services AS n
                  WHERE n.id = o.id
                    AND (n.name, n.postcode, n.source, n.verified, n.service_types, n.categories,
                         n.phones, n.email, n.website, n.duplicate_of)
                        IS NOT DISTINCT FROM
                        (o.name, o.postcode, o.source, o.verified, o.service_types, o.categories,
                         o.phones, o.email, o.website, o.duplicate_of))),
        ARRAY(SELECT n.id FROM new_services AS n
              WHERE n.duplicate_of IS NOT NULL AND locals_place_postcode(n.postcode) IS NULL));
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- Triggers of one event fire in the order of their names: these come after
-- services_search_rows_*, so service_search has taken a statement's rows as they were written
-- before the settling update changes `duplicate_of` (and so their rows) again.
CREATE TRIGGER "services_unique_places_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_places();
--> statement-breakpoint
CREATE TRIGGER "services_unique_places_update" AFTER UPDATE ON "services"
  REFERENCING OLD TABLE AS old_services NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_places();
--> statement-breakpoint
CREATE TRIGGER "services_unique_places_delete" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS old_services
  FOR EACH STATEMENT EXECUTE FUNCTION locals_service_places();
--> statement-breakpoint
-- service_search (migrations 0013, 0014) holds the services the search shows: a duplicate has no
-- rows there, so the keyword search needs no new column or test. As 0014, with `duplicate_of`
-- among the columns compared and only shown services' rows written.
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
      INSERT INTO service_search
      SELECT c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact
      FROM new_services AS n
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
      INSERT INTO service_search
      SELECT c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact
      FROM new_services AS n
      CROSS JOIN LATERAL (SELECT DISTINCT u.category FROM unnest(n.categories) AS u(category)
                          WHERE u.category IS NOT NULL) AS c
      WHERE n.duplicate_of IS NULL;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- The services there are now: their duplicates are marked, and lose their service_search rows.
SELECT locals_settle_places(
  ARRAY(SELECT DISTINCT locals_place_postcode(postcode) FROM services
        WHERE locals_place_postcode(postcode) IS NOT NULL),
  '{}');
