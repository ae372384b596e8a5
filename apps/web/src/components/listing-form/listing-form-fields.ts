import { LISTING_FIELD_ORDER } from '@locals/contracts/listing-field-order';
import type { ListingFields, ListingFieldsInput, ListingValues } from '@locals/contracts/listing';
import { isApiError } from '@/lib/api-client';

export type ListingFieldName = keyof ListingFields;

/** What the form holds while a person types: phone numbers as one line each. */
export type ListingFormValues = Omit<Record<ListingFieldName, string>, 'categories'> & {
  categories: string[];
};

export type ListingFieldErrors = Partial<Record<ListingFieldName, string>>;

/** A problem the API found: with a field when it names one, otherwise about the whole form. */
export type ListingFormError = { field?: ListingFieldName | undefined; message: string };

type ListingFieldText = { label: string; hint?: string; isMultiline?: boolean };

/** The fields in the order the form shows them and its error summary lists them. */
export const LISTING_FIELDS = LISTING_FIELD_ORDER;

export const LISTING_FIELD_TEXT: Record<ListingFieldName, ListingFieldText> = {
  name: { label: 'Name', hint: 'The name people know the service by' },
  description: {
    label: 'Description',
    hint: 'What the service offers, who it is for and how to use it',
    isMultiline: true,
  },
  categories: { label: 'Categories', hint: 'Select all that apply.' },
  phones: {
    label: 'Phone numbers',
    hint: 'Put each phone number on its own line, up to 5. Leave empty if there is none.',
    isMultiline: true,
  },
  email: { label: 'Email address (optional)' },
  website: {
    label: 'Website (optional)',
    hint: 'Include https://, for example https://example.org',
  },
  address: {
    label: 'Address',
    hint: 'Where people can find the service, without the postcode',
    isMultiline: true,
  },
  postcode: { label: 'Postcode', hint: 'For example, BS1 4DJ' },
  openingHours: {
    label: 'Opening hours',
    hint: 'Put each day, or run of days, on a line of its own, for example Mon-Fri 09:00-17:00 and Sat 10:00-13:00. Leave out the days you are closed.',
    isMultiline: true,
  },
};

/** The id of a field's control (the first checkbox, for categories): error summaries link to it. */
export function listingFieldId(idPrefix: string, field: ListingFieldName): string {
  return `${idPrefix}-${field}`;
}

/** Stored values (imported ones may be what the form refuses) as the form shows them. */
export function toFormValues(listing: ListingValues): ListingFormValues {
  return {
    name: listing.name,
    description: listing.description,
    categories: [...listing.categories],
    phones: listing.phones.join('\n'),
    email: listing.email,
    website: listing.website,
    address: listing.address,
    postcode: listing.postcode,
    openingHours: listing.openingHours,
  };
}

/** What the schema reads: one phone number a line, blank lines dropped. */
export function fromFormValues(values: ListingFormValues): ListingFieldsInput {
  return {
    ...values,
    categories: values.categories as ListingFieldsInput['categories'],
    phones: values.phones
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}

export const EMPTY_LISTING: ListingFieldsInput = {
  name: '',
  description: '',
  categories: [],
  phones: [],
  email: '',
  website: '',
  address: '',
  postcode: '',
  openingHours: '',
};

function asFieldName(path: string): ListingFieldName | undefined {
  // The API names a field by its path in the body: 'listing.phones.1' is the phone numbers.
  const [first, second] = path.split('.');
  const name = first === 'listing' ? second : first;
  return LISTING_FIELDS.find((field) => field === name);
}

/** The first problem the schema (or the API) found with each field. */
export function firstIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ListingFieldErrors {
  const errors: ListingFieldErrors = {};
  for (const issue of issues) {
    const field = asFieldName(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** An API error body's `fieldErrors` ('listing.postcode': [...]) as the form's fields. */
export function listingFieldErrors(
  fieldErrors: Partial<Record<string, string[] | undefined>>,
): ListingFormError[] {
  const errors: ListingFieldErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = asFieldName(path);
    const message = messages?.[0];
    if (field && message && !errors[field]) errors[field] = message;
  }
  return LISTING_FIELDS.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message }] : [];
  });
}

/**
 * What to show for a failed save: the fields a 400 (or 422) names, or else the error's message
 * about the whole form (a lost connection, a 500 after retries, a 403).
 */
export function listingFormErrors(error: unknown): ListingFormError[] {
  if (!error) return [];
  if (isApiError(error)) {
    const fields = listingFieldErrors(error.fieldErrors);
    if ((error.status === 400 || error.status === 422) && fields.length > 0) return fields;
    return [{ message: error.message }];
  }
  return [{ message: 'Something went wrong. Your changes have not been saved. Please try again.' }];
}
