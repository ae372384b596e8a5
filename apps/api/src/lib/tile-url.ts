const TEMPLATE = /^(https?):\/\/([^/?#]+)(?:[/?#].*)?$/i;

/**
 * The CSP source that allows a tile URL template's images, or null when the template is not
 * usable. A placeholder in the host (`{s}.tile.example.com`) must sit in its first label, which
 * becomes a wildcard (`https://*.tile.example.com`), the only wildcard CSP allows in a host.
 */
export function tileImageSource(template: string): string | null {
  const match = TEMPLATE.exec(template.trim());
  if (!match || !hasTileCoordinates(template)) return null;
  const scheme = match[1]!.toLowerCase();
  const [first, ...rest] = match[2]!.toLowerCase().split('.');
  if (first === undefined || rest.some((label) => label.includes('{'))) return null;
  const host = [first.includes('{') ? '*' : first, ...rest].join('.');
  if (!isValidHost(host)) return null;
  return `${scheme}://${host}`;
}

function hasTileCoordinates(template: string): boolean {
  return template.includes('{z}') && template.includes('{x}') && /\{-?y\}/.test(template);
}

function isValidHost(host: string): boolean {
  const withoutWildcard = host.replace(/^\*\./, 'wildcard.');
  if (withoutWildcard.includes('*')) return false;
  return URL.canParse(`https://${withoutWildcard}/`);
}
