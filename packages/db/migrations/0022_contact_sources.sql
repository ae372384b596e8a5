-- Each contact detail's own source (issue 26): an open-data record may take its phone from the
-- NHS register (2025) and its website from the NHS website's files (2019), and the detail says
-- so. Keys 'phone', 'website' and 'email', each {"source": ..., "asOf": ...}; empty for a
-- listing its provider wrote.
ALTER TABLE "services" ADD COLUMN "contact_sources" jsonb NOT NULL DEFAULT '{}'::jsonb;
