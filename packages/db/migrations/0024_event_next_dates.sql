-- Each event's next sessions, kept on the event (issue 31, decision 039), so /events with no
-- postcode and no dates reads the events in next-date order from an index and stops after the
-- page, instead of probing every event's sessions (1.5 s at 100k events).
--
-- next_* and following_* are the first two sessions, by start, that had not ended at
-- next_as_of (an end of null counts as an hour, as search's "not ended"); null where there were
-- fewer. Sessions only ever end as time passes, so for a search at any moment from next_as_of
-- on, the stored next session is at or before the real one: where it is still in the search's
-- window it is the answer; where it is not, the following one is, if it is in the window;
-- otherwise (both are over, or they were stored for a later moment than the search's, as a test
-- clock may be) the search looks the sessions up as before. The triggers below keep them right
-- for every write of sessions; a job moves them on as sessions end, which keeps look-ups few.
ALTER TABLE "events" ADD COLUMN "next_starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "next_ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "following_starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "following_ends_at" timestamp with time zone;
--> statement-breakpoint
-- An event with no sessions has no next one at any moment.
ALTER TABLE "events" ADD COLUMN "next_as_of" timestamp with time zone DEFAULT '-infinity' NOT NULL;
--> statement-breakpoint
-- Recomputes the next two sessions of each of `ids` as of `moment`.
CREATE FUNCTION "locals_event_next_dates"(ids text[], moment timestamp with time zone) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE events AS e
    SET next_starts_at = n.starts[1], next_ends_at = n.ends[1],
      following_starts_at = n.starts[2], following_ends_at = n.ends[2], next_as_of = moment
    FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS i
    CROSS JOIN LATERAL (
      SELECT array_agg(s.starts_at ORDER BY s.starts_at) AS starts,
        array_agg(s.ends_at ORDER BY s.starts_at) AS ends
      FROM (
        SELECT o.starts_at, coalesce(o.ends_at, o.starts_at + interval '1 hour') AS ends_at
        FROM event_occurrences AS o
        WHERE o.event_id = i.id AND coalesce(o.ends_at, o.starts_at + interval '1 hour') > moment
        ORDER BY o.starts_at
        LIMIT 2
      ) AS s
    ) AS n
    WHERE e.id = i.id
  $$;
--> statement-breakpoint
-- Whatever writes sessions (imports, organisers, the example events, a cascade from a deleted
-- event), the events they belong to are recomputed as of the transaction's start.
CREATE FUNCTION "locals_event_next_dates_of_sessions"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM locals_event_next_dates(ARRAY(SELECT event_id FROM new_sessions), now());
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM locals_event_next_dates(ARRAY(SELECT event_id FROM old_sessions), now());
    ELSIF TG_OP = 'UPDATE' THEN
      PERFORM locals_event_next_dates(
        ARRAY(SELECT event_id FROM old_sessions UNION SELECT event_id FROM new_sessions), now());
    ELSE -- TRUNCATE
      UPDATE events
      SET next_starts_at = NULL, next_ends_at = NULL, following_starts_at = NULL,
        following_ends_at = NULL, next_as_of = '-infinity'
      WHERE next_starts_at IS NOT NULL OR next_as_of <> '-infinity';
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "event_next_dates_insert" AFTER INSERT ON "event_occurrences"
  REFERENCING NEW TABLE AS new_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION locals_event_next_dates_of_sessions();
--> statement-breakpoint
CREATE TRIGGER "event_next_dates_update" AFTER UPDATE ON "event_occurrences"
  REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION locals_event_next_dates_of_sessions();
--> statement-breakpoint
CREATE TRIGGER "event_next_dates_delete" AFTER DELETE ON "event_occurrences"
  REFERENCING OLD TABLE AS old_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION locals_event_next_dates_of_sessions();
--> statement-breakpoint
CREATE TRIGGER "event_next_dates_truncate" AFTER TRUNCATE ON "event_occurrences"
  FOR EACH STATEMENT EXECUTE FUNCTION locals_event_next_dates_of_sessions();
--> statement-breakpoint
-- Recomputes, as of `moment`, the events whose stored next session is over by then or was
-- stored for a later moment: what the job runs. Returns how many.
CREATE FUNCTION "locals_event_next_dates_due"(moment timestamp with time zone) RETURNS integer
  LANGUAGE plpgsql
  AS $$
  DECLARE
    due text[] := ARRAY(SELECT id FROM events WHERE next_ends_at <= moment OR next_as_of > moment);
  BEGIN
    PERFORM locals_event_next_dates(due, moment);
    RETURN cardinality(due);
  END
  $$;
--> statement-breakpoint
-- Undated searches everywhere: the page, in next-date order, from the index alone.
CREATE INDEX "events_next_starts_idx" ON "events" ("next_starts_at", "id")
  INCLUDE ("next_ends_at", "next_as_of", "category", "registration_required");
--> statement-breakpoint
-- Their count (the events whose next session has not ended: a narrow range, index-only), and
-- the events whose next session is over, which a search looks at again and the job recomputes.
CREATE INDEX "events_next_ends_idx" ON "events" ("next_ends_at")
  INCLUDE ("category", "registration_required");
--> statement-breakpoint
-- The events stored for a moment after a search's (a clock behind the database's).
CREATE INDEX "events_next_as_of_idx" ON "events" ("next_as_of");
--> statement-breakpoint
SELECT locals_event_next_dates(ARRAY(SELECT id FROM events), now());
