/**
 * Where the browser goes after signing in: only a path on this site. Anything that could name
 * another origin ('//evil.com', '/\evil.com', 'https://evil.com', control characters) becomes '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.com' would become '//evil.com'.
  if (value.includes('\\') || [...value].some(isControlCharacter)) return '/';
  const base = 'http://locals.invalid';
  const resolved = new URL(value, base);
  if (resolved.origin !== base) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
