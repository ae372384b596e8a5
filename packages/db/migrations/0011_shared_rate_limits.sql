-- Rate-limit counters shared by every API instance on one PostgreSQL server (issue 11, decision
-- 014). One row per limit and client in the current fixed window; keys are keyed digests, never
-- an address or an account id in the clear. UNLOGGED: a counter lost in a crash costs a client
-- at most a fresh window, and skipping the write-ahead log keeps this per-request write cheap.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_resets_at" ON "rate_limit_hits" ("resets_at");
