-- Faster radius search (docs/benchmarks.md). SQL only: Drizzle cannot declare INCLUDE columns,
-- so directory-schema.ts keeps "services_earth_idx" as the plain GiST it can express and names
-- these in a comment.
--
-- The location index now also carries latitude, longitude and verified: search-sql.ts tests the
-- exact distance from latitude and longitude, so counting a radius search's matches is an
-- index-only scan instead of a visit to every matching row.
DROP INDEX IF EXISTS "services_earth_idx";
--> statement-breakpoint
CREATE INDEX "services_earth_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified");
--> statement-breakpoint
-- The same, one partial index per fixed category (packages/contracts/src/categories.ts), so a
-- radius search with a category reads only that category's entries: the nearest first page (KNN
-- order) and the count, both without the table. The predicates are written as search-sql.ts
-- filters ("categories" @> array[category]), which is what lets the planner use them.
CREATE INDEX "services_earth_socialcare_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{socialcare}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_sport_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{sport}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_health_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{health}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_accessibility_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{accessibility}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_food_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{food}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_skillsdevelopment_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{skillsdevelopment}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_volunteering_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{volunteering}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_housing_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{housing}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_transport_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{transport}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_mentalhealth_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{mentalhealth}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_neurodiversity_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{neurodiversity}'::text[];
--> statement-breakpoint
CREATE INDEX "services_earth_welcomespaces_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "verified") WHERE "categories" @> '{welcomespaces}'::text[];
