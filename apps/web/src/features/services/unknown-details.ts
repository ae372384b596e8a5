import type { ServiceDetail } from '@locals/contracts/search';
import { safeHttpUrl } from '@locals/contracts/safe-url';
import { openingHoursLines } from './opening-text';

/** The NHS website's own search for each kind of NHS place Locals lists. */
const NHS_SEARCHES = [
  {
    type: 'Dentist',
    what: "this practice's",
    href: 'https://www.nhs.uk/service-search/find-a-dentist',
  },
  {
    type: 'GP practice',
    what: "this practice's",
    href: 'https://www.nhs.uk/service-search/find-a-gp',
  },
  {
    type: 'Pharmacy',
    what: "this pharmacy's",
    href: 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy',
  },
] as const;
const NHS_SOURCES = new Set(['nhs-ods', 'nhs-website']);

export type NextStep = { text: string; href: string; hint: string } | null;

/**
 * The contact details and hours a person looks for that this record lacks, in words:
 * "phone number, website or opening hours". Null when it has them all.
 */
export function unknownDetails(service: ServiceDetail): string | null {
  const missing = [
    service.phoneLinks.length === 0 && 'phone number',
    safeHttpUrl(service.website) === null && 'website',
    !service.email && 'email address',
    openingHoursLines(service).length === 0 && 'opening hours',
  ].filter((item) => item !== false);
  if (missing.length === 0) return null;
  const last = missing.pop();
  return missing.length === 0 ? `its ${last}` : `its ${missing.join(', ')} or ${last}`;
}

/**
 * Where to find a way in when Locals has neither a phone number nor a website: the NHS
 * website's search for an NHS place (by name or postcode: its pages are not addressed by ODS
 * code alone). Null when the record can be contacted or there is no better place to send them.
 */
export function contactNextStep(service: ServiceDetail): NextStep {
  if (service.phoneLinks.length > 0 || safeHttpUrl(service.website) !== null) return null;
  if (!NHS_SOURCES.has(service.provenance.source)) return null;
  const search = NHS_SEARCHES.find(({ type }) => service.serviceTypes.includes(type));
  const where = service.postcode ? ` or its postcode, ${service.postcode}` : '';
  return {
    text: search
      ? `Find ${search.what} phone number on the NHS website`
      : 'Find this service on the NHS website',
    href: search?.href ?? 'https://www.nhs.uk/service-search',
    hint: `Search for its name, ${service.name}${where}.`,
  };
}
