import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where data:update fetches each upstream file from (open-data/README.md, `--help`). */
export const SOURCES = {
  epraccur: 'https://files.digital.nhs.uk/assets/ods/current/epraccur.zip',
  edispensary: 'https://files.digital.nhs.uk/assets/ods/current/edispensary.zip',
  egdpprac: 'https://files.digital.nhs.uk/assets/ods/current/egdpprac.zip',
  giveFood: 'https://www.givefood.org.uk/api/1/foodbanks/?format=csv',
  libraries:
    'https://raw.githubusercontent.com/LibrariesHacked/librarydata-db/main/data/schemas/libraries.csv',
} as const;

export type SourceName = keyof typeof SOURCES;

/**
 * Fetches a URL to a file, failing with what went wrong and what to do: no network, an HTTP
 * error, or a page where a data file was expected. `fetchImpl` lets tests answer without a network.
 */
export async function download(
  url: string,
  path: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(url, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    const cause =
      error instanceof Error
        ? ((error.cause as { code?: string } | undefined)?.code ?? error.message)
        : String(error);
    throw new Error(
      `Could not reach ${new URL(url).host} (${cause}). npm run data:update needs internet access; ` +
        'on a machine without it, download the files elsewhere and pass --downloads with --offline.',
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Error(
      `Downloading ${url} failed: HTTP ${response.status} ${response.statusText}. ` +
        'The publisher may have moved the file; check the address in open-data/README.md.',
    );
  }
  if (/text\/html/i.test(response.headers.get('content-type') ?? '')) {
    throw new Error(
      `${url} answered a web page, not a data file: the publisher may have moved it.`,
    );
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
}
