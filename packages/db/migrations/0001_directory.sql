CREATE TABLE "postcode_districts" (
	"outcode" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"country" text NOT NULL,
	"lad_code" text,
	"lad_name" text,
	"postcodes_used" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"postcode" text PRIMARY KEY NOT NULL,
	"outcode" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"lad_code" text
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_original" text NOT NULL,
	"provider" text,
	"description" text,
	"full_description" text,
	"main_services" text[] DEFAULT '{}' NOT NULL,
	"other_services" text[] DEFAULT '{}' NOT NULL,
	"facilities" text[] DEFAULT '{}' NOT NULL,
	"serving" text[] DEFAULT '{}' NOT NULL,
	"status" text,
	"status_details" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verification_status" text,
	"opening_hours" text,
	"service_types" text[] DEFAULT '{}' NOT NULL,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"age_min" integer,
	"age_max" integer,
	"accessibility" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"website" text,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"email" text,
	"address" text,
	"address_original" text,
	"postcode" text,
	"outcode" text,
	"lad_code" text,
	"lad_name" text,
	"latitude" double precision,
	"longitude" double precision,
	"review_date" text,
	"rating_average" real,
	"review_count" integer DEFAULT 0 NOT NULL,
	"recommendations" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"source_record_id" text,
	"source_name" text,
	"licence" text NOT NULL,
	"source_updated" text,
	"search_document" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "postcode_districts_earth_idx" ON "postcode_districts" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "postcodes_outcode_idx" ON "postcodes" USING btree ("outcode");--> statement-breakpoint
CREATE INDEX "services_earth_idx" ON "services" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "services_outcode_idx" ON "services" USING btree ("outcode");--> statement-breakpoint
CREATE INDEX "services_categories_idx" ON "services" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "services_name_trgm_idx" ON "services" USING gin ("name" gin_trgm_ops);