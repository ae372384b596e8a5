/**
 * Issue 25: `javascript:` addresses from imported feeds were rendered as links. Every address
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
