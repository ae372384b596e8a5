/**
 * `javascript:` addresses from imported feeds must never become links (decision 029). Every address
 * Locals keeps or links to from data (a website, a registration link) goes through this, on the
 * way in (importers, forms) and again where the web app renders it.
 */

/** The address when it is an absolute http(s) URL, trimmed; null for anything else. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  // Parsed as a browser would: it drops tabs and line breaks, so `java\tscript:` is javascript:.
  const url = URL.parse(trimmed);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return trimmed;
}

/** Why an import dropped an address from a field, in words for the person importing it. */
export const unsafeUrlMessage = (field: string) =>
  `${field} dropped: only http:// and https:// web addresses are kept`;

const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i;

/**
 * A web address as open data publishes it: "www.boots.co.uk" (no scheme, 93 of the NHS
 * website's addresses) becomes http://www.boots.co.uk, which a browser upgrades to https where
 * the site has it; anything but http(s) is still refused. For data files, not for forms, where
 * a person can be asked to write the address out.
 */
export function webAddressOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return safeHttpUrl(BARE_HOST.test(trimmed) ? `http://${trimmed}` : trimmed);
}
