/**
 * For display, the name is preferred, otherwise the email. Kept free of zod so the web
 * app's first download can use it without pulling in the form schemas.
 */
export function displayName(user: {
  email: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
