/**
 * RFC 5545 line folding, the same text as ical-generator's `foldLines`, without its cost: the
 * library encodes every character with a new TextEncoder to count its octets, which was most
 * of the time a 1,000-session feed took to build (decision 033). Here a line short enough is left
 * as it is, and a long one counts its octets from the code points. Tested against the library.
 */
export function foldLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
}

/** The library folds before the character that takes a line past 74 octets. */
const FOLD_AFTER = 74;

function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= FOLD_AFTER) return line;
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = octetsOf(char);
    octets += size;
    if (octets > FOLD_AFTER) {
      folded += '\r\n ';
      octets = size;
    }
    folded += char;
  }
  return folded;
}

function octetsOf(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  // A lone surrogate is written as U+FFFD, 3 octets, as TextEncoder writes it.
  return code < 0x10000 ? 3 : 4;
}
