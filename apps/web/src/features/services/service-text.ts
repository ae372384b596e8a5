import type { ServiceSummary } from '@locals/contracts/search';

/** Spec 9: card descriptions stop at 150 characters. */
export const DESCRIPTION_LIMIT = 150;
/** Spec 9: cards show at most 2 phone numbers and 5 hearts. */
export const CARD_PHONE_LIMIT = 2;
export const HEART_LIMIT = 5;

export function truncateDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

/** Spec 3: phone may be a comma-separated list; `phones` is the same list when present. */
export function phoneNumbers(service: Pick<ServiceSummary, 'phone' | 'phones'>): string[] {
  if (service.phones.length > 0) return service.phones;
  return (service.phone ?? '')
    .split(',')
    .map((phone) => phone.trim())
    .filter(Boolean);
}

/** A tel: link target: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
