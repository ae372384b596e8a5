-- Moderators and the audit log (issue 15, decision 023).
-- A role a person holds beyond being signed in; granted and revoked from the command line only.
CREATE TABLE "user_roles" (
  "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "role" text NOT NULL CHECK ("role" IN ('moderator')),
  "granted_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "role")
);
--> statement-breakpoint
-- Who did what, when, with the row before and after. No foreign key to users: the log must
-- outlive the accounts it names, so the actor's email is kept as text beside their id.
CREATE TABLE "audit_log" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_user_id" uuid,
  "actor" text NOT NULL,
  "action" text NOT NULL,
  "entity_type" text NOT NULL,
  "entity_id" text NOT NULL,
  "before" jsonb,
  "after" jsonb
);
--> statement-breakpoint
-- Append-only in the database itself, so no bug or query in the product can rewrite history.
CREATE FUNCTION "locals_audit_log_is_append_only"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION locals_audit_log_is_append_only();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION locals_audit_log_is_append_only();
