/**
 * Where the browser goes after signing in: only a path on this site. Anything that could name
 * another origin ('//evil.com', '/\evil.com', 'https://evil.com', control characters) becomes '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.com' would become '//evil.com'.
  if (!isSiteAbsolutePath(value) || value.includes('\\') || [...value].some(isControlCharacter))
    return '/';
  const base = 'http://locals.invalid';
  const resolved = URL.parse(value, base);
  if (!resolved || resolved.origin !== base) return '/';
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Normalising can make a new '//': '/..//evil.com' and '/.//evil.com' both resolve to
  // '//evil.com', which a browser reads as another host. So the result is checked again, decoded
  // as well, in case a router or proxy decodes '/%2F/evil.com' on the way.
  return isSiteAbsolutePath(path) && isSiteAbsolutePath(percentDecoded(resolved.pathname))
    ? path
    : '/';
}

/** '/x', never '//x' or '/\x' (browsers read a backslash as a slash). */
function isSiteAbsolutePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value);
}

function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
