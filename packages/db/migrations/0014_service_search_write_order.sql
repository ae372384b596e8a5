-- service_search rows go in in the order services were written (decision 019): an import arrives
-- area by area, and a box's services then lie on few pages. Migration 0013's trigger picked one
-- row per service and category with DISTINCT ON, which sorts each statement's rows by id and so
-- scattered a batch's areas across its pages; here each service's categories are made distinct
-- on their own, and the rows keep the statement's order.
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
            AND (n.latitude, n.longitude, n.verified, n.categories, n.service_types, n.search, n.search_exact)
                IS NOT DISTINCT FROM
                (o.latitude, o.longitude, o.verified, o.categories, o.service_types, o.search, o.search_exact));
      INSERT INTO service_search
      SELECT c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact
      FROM new_services AS n
      CROSS JOIN LATERAL (SELECT DISTINCT u.category FROM unnest(n.categories) AS u(category)
                          WHERE u.category IS NOT NULL) AS c
      WHERE NOT EXISTS (
          SELECT 1 FROM old_services AS o
          WHERE o.id = n.id
            AND (n.latitude, n.longitude, n.verified, n.categories, n.service_types, n.search, n.search_exact)
                IS NOT DISTINCT FROM
                (o.latitude, o.longitude, o.verified, o.categories, o.service_types, o.search, o.search_exact));
    ELSE
      INSERT INTO service_search
      SELECT c.category, n.id, n.latitude, n.longitude, n.verified, n.categories,
        lower(n.service_types::text)::text[], n.search, n.search_exact
      FROM new_services AS n
      CROSS JOIN LATERAL (SELECT DISTINCT u.category FROM unnest(n.categories) AS u(category)
                          WHERE u.category IS NOT NULL) AS c;
    END IF;
    RETURN NULL;
  END
  $$;
