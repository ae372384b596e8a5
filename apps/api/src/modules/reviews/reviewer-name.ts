export const ANONYMOUS_REVIEWER = 'Locals member';

/** Reviews are public: first name and last initial ('Sam J.'), never a full name or an email. */
export function reviewerName(user: { firstName: string | null; lastName: string | null }): string {
  const firstName = user.firstName?.trim();
  // Some issuers fill the name claims with the email address.
  if (!firstName || firstName.includes('@')) return ANONYMOUS_REVIEWER;
  const initial = [...(user.lastName?.trim() ?? '')][0]?.toLocaleUpperCase('en-GB');
  return initial ? `${firstName} ${initial}.` : firstName;
}
