-- Open Referral UK ids (issue 16, decision 025): each is a name-based UUID (version 3) of the
-- object's kind and our id in Locals' namespace, computed in the API by orukId(). Finding a
-- service by its feed id computed every published row's MD5 (1.7 s at a million services, and
-- the DfE importer asks once a service). The same UUID in SQL, IMMUTABLE so it can be indexed:
-- md5 of the namespace's bytes and 'kind:key' in UTF-8, with the version digit set to 3 and the
-- variant digit's two high bits to 10. A test holds it equal to orukId() for the same input.
CREATE FUNCTION "locals_oruk_id"("kind" text, "key" text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT (
    substr(h, 1, 12) || '3' || substr(h, 14, 3)
    || substr('89ab', (strpos('0123456789abcdef', substr(h, 17, 1)) - 1) % 4 + 1, 1)
    || substr(h, 18)
  )::uuid
  FROM md5(decode('4b5d1c2e7a0f4c439d6e1f0b8a9c3e27', 'hex') || convert_to(kind || ':' || key, 'UTF8')) AS h
$$;
--> statement-breakpoint
-- Only published services have feed ids (verified, not demo), as the feed's own filter says.
CREATE INDEX "services_oruk_service_id_idx" ON "services" (locals_oruk_id('service', "id"))
  WHERE "verified" AND "source" <> 'demo';
--> statement-breakpoint
CREATE INDEX "services_oruk_service_at_location_id_idx"
  ON "services" (locals_oruk_id('service_at_location', "id"))
  WHERE "verified" AND "source" <> 'demo';
