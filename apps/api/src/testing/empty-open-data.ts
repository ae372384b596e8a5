import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPEN_DATA_FILES } from '@locals/db/open-data/load';

/** Every open-data file with its header only, as OPEN_DATA_DIR: a start with nothing to load is quick. */
export async function writeEmptyOpenData(dir: string): Promise<void> {
  const headers: Record<string, string> = {
    [OPEN_DATA_FILES.districts]:
      'outcode,postcode_area,latitude,longitude,postcodes_used,country,lad_code,lad_name',
    [OPEN_DATA_FILES.postcodes]: 'postcode,latitude,longitude,lad_code',
    [OPEN_DATA_FILES.contacts]: 'ods_code,service_id,postcode_matches,phone,email,website',
    [OPEN_DATA_FILES.helplines]:
      'id,organisation,service,phone,text,hours,helps_with,categories,nations,source_url,source_seen',
    ...Object.fromEntries(
      OPEN_DATA_FILES.services.map((file) => [
        file,
        'service_id,category,subcategory,name,address,postcode,latitude,longitude',
      ]),
    ),
  };
  await mkdir(dir, { recursive: true });
  for (const [file, header] of Object.entries(headers)) {
    await writeFile(path.join(dir, file), `${header}\n`);
  }
}
