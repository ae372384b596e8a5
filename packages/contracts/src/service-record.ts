import { MAX_SERVICE_ID_LENGTH } from './engagement-common';
import { hasControlCharacters } from './text-field';

/**
 * The longest text Locals keeps in each field of a service, wherever the service comes from
 * (an import once took a 2,000,000-character name, and one search answer became 2 MB; see
 * apps/api/src/cli/import.test.ts).
 * List fields (phones, service types, languages) limit each entry. Multi-line fields keep tabs
 * and line breaks; every other control character is refused, as the API refuses it.
 */
export const SERVICE_TEXT_LIMITS = {
  id: { max: MAX_SERVICE_ID_LENGTH },
  name: { max: 200 },
  provider: { max: 200 },
  description: { max: 10_000, multiline: true },
  address: { max: 500, multiline: true },
  postcode: { max: 10 },
  website: { max: 500 },
  email: { max: 254 },
  phones: { max: 40 },
  serviceTypes: { max: 200 },
  languages: { max: 100 },
  openingHours: { max: 1000, multiline: true },
  statusDetails: { max: 200 },
} as const satisfies Record<string, { max: number; multiline?: boolean }>;

export type ServiceTextField = keyof typeof SERVICE_TEXT_LIMITS;

/** Why a service's field cannot be kept, in words for the person importing it; null when it can. */
export function serviceTextProblem(
  field: ServiceTextField,
  value: string | readonly string[] | null | undefined,
): string | null {
  const limit: { max: number; multiline?: boolean } = SERVICE_TEXT_LIMITS[field];
  const entries = typeof value === 'string' ? [value] : (value ?? []);
  const what = typeof value === 'string' ? field : `an entry of ${field}`;
  for (const entry of entries) {
    if (entry.length > limit.max) {
      return `${what} is longer than ${limit.max.toLocaleString('en-GB')} characters`;
    }
    if (hasControlCharacters(entry, { multiline: limit.multiline ?? false })) {
      return `${what} contains control characters`;
    }
  }
  return null;
}
