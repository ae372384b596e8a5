import type { ProviderApplication } from '@locals/contracts/list-service';

export type ApplicationFieldName = keyof ProviderApplication;
export type ApplicationValues = Record<ApplicationFieldName, string>;
export type ApplicationErrors = Partial<Record<ApplicationFieldName, string>>;

type ApplicationField = {
  name: ApplicationFieldName;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  isMultiline?: boolean;
};

/** In the order they appear on the form (and in the error summary). */
export const APPLICATION_FIELDS: readonly ApplicationField[] = [
  { name: 'organizationName', label: 'Organisation name', autoComplete: 'organization' },
  { name: 'contactName', label: 'Contact name', autoComplete: 'name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  {
    name: 'website',
    label: 'Website (optional)',
    hint: 'Include https://, for example https://example.org',
    type: 'url',
    autoComplete: 'url',
  },
  {
    name: 'address',
    label: 'Address',
    hint: 'Where people can find you, including the postcode',
    isMultiline: true,
  },
  {
    name: 'services',
    label: 'Services offered',
    hint: 'For example: food parcels, benefits advice, a lunch club',
    isMultiline: true,
  },
  {
    name: 'description',
    label: 'Description',
    hint: 'Who you help, and how people can get in touch or drop in',
    isMultiline: true,
  },
];

export const EMPTY_APPLICATION: ApplicationValues = {
  organizationName: '',
  contactName: '',
  email: '',
  phone: '',
  website: '',
  address: '',
  services: '',
  description: '',
};

export function applicationFieldId(name: ApplicationFieldName): string {
  return `application-${name}`;
}

export function firstErrors(
  fieldErrors: Partial<Record<string, string[] | undefined>>,
): ApplicationErrors {
  const errors: ApplicationErrors = {};
  for (const field of APPLICATION_FIELDS) {
    const message = fieldErrors[field.name]?.[0];
    if (message) errors[field.name] = message;
  }
  return errors;
}

/** The first problem the application's schema found with each field. */
export function firstIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ApplicationErrors {
  const errors: ApplicationErrors = {};
  for (const field of APPLICATION_FIELDS) {
    const issue = issues.find((candidate) => candidate.path[0] === field.name);
    if (issue) errors[field.name] = issue.message;
  }
  return errors;
}
