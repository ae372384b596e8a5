import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from './csv';

async function readAll(file: string) {
  const rows = [];
  for await (const row of readCsv(file)) rows.push(row);
  return rows;
}

describe('readCsv', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'locals-csv-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads one object per row keyed by the header, without a BOM or blank lines', async () => {
    const file = path.join(dir, 'districts.csv');
    await writeFile(file, '\uFEFFpostcode, latitude\nBS1,51.45\n\n SW1A ,51.50\n');
    expect(await readAll(file)).toEqual([
      { postcode: 'BS1', latitude: '51.45' },
      { postcode: 'SW1A', latitude: '51.50' },
    ]);
  });

  it('fails with the reason when the file is missing, rather than waiting for rows', async () => {
    await expect(readAll(path.join(dir, 'missing.csv'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
