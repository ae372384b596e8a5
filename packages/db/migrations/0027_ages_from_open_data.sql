-- Open-data services now take ages from words in their names (decision 044). The loader reads
-- the service files again only when a file's content or its OPEN_DATA_VERSION changes; marking
-- the loaded data as version 0 makes the next start read every service file once, so a database
-- loaded before this change gets the ages too. A fresh database has no marker and loads it all.
UPDATE "app_meta" SET "value" = jsonb_set("value", '{version}', '0'::jsonb) WHERE "key" = 'open_data_loaded';
