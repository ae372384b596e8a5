import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';

/** A UK number as libphonenumber reads it, if it is one it can dial. */
function parseUkPhone(text: string): PhoneNumber | undefined {
  const number = parsePhoneNumberFromString(text, 'GB');
  return number?.isPossible() ? number : undefined;
}

/**
 * A phone number written the way Ofcom and the numbers' owners write them, so it can be read
 * out and dialled ("020 79304832" is "020 7930 4832"); anything libphonenumber cannot read
 * (a short code such as 116 123, "ext. 204") is kept as it came, trimmed.
 */
export function formatUkPhone(text: string): string {
  const number = parseUkPhone(text);
  return number?.country === 'GB' ? number.formatNational() : text.trim();
}

/** The tel: link that dials it: +44 for UK numbers, the digits alone for short codes. */
export function ukPhoneUri(text: string): string {
  return parseUkPhone(text)?.getURI() ?? `tel:${text.replace(/[^\d+]/g, '')}`;
}
