import { categoryLabel } from '@locals/contracts/categories';
import type { ListingFields } from '@locals/contracts/listing';

export function businessDays(count: number): string {
  return count === 1 ? '1 business day' : `${count} business days`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Europe/London',
});

/** GOV.UK style, in London time: '9:05am on 26 November 2026'. */
export function londonDateTime(timestamp: string): string {
  const at = new Date(timestamp);
  if (Number.isNaN(at.getTime())) return timestamp;
  const parts = Object.fromEntries(DATE_TIME.formatToParts(at).map((p) => [p.type, p.value]));
  const dayPeriod = (parts.dayPeriod ?? '').toLowerCase().replace(/\s|\./g, '');
  return `${parts.hour}:${parts.minute}${dayPeriod} on ${parts.day} ${parts.month} ${parts.year}`;
}

export const LISTING_FIELD_LABELS: Record<keyof ListingFields, string> = {
  name: 'Name',
  description: 'Description',
  categories: 'Categories',
  phones: 'Phone numbers',
  email: 'Email',
  website: 'Website',
  address: 'Address',
  postcode: 'Postcode',
  openingHours: 'Opening hours',
};

/** A label in words for a field the audit log or an edit names; the raw name when unknown. */
export function fieldLabel(field: string): string {
  return field in LISTING_FIELD_LABELS
    ? LISTING_FIELD_LABELS[field as keyof ListingFields]
    : field
        .replace(
          /([a-z])([A-Z])/g,
          (_match, lower: string, upper: string) => `${lower} ${upper.toLowerCase()}`,
        )
        .replace(/^./, (first) => first.toUpperCase());
}

/** A stored value as a person reads it: lists joined, categories by name, empty as 'None'. */
export function readableValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    const items = value.map((item) =>
      field === 'categories' && typeof item === 'string'
        ? (categoryLabel(item) ?? item)
        : readableValue('', item),
    );
    return items.join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
