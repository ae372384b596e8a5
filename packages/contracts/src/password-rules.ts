/**
 * `aaaaaaaa`, eight spaces, `abcdefgh` and the person's own email are refused as passwords
 * (decision 029). ASVS 5.0 §6.2.11: passwords that are trivially guessable from the account or a
 * pattern are refused, with the reason in plain words. Runs in the browser and on the server.
 */
export const PASSWORD_WHITESPACE_MESSAGE = 'Your password must contain more than spaces';
export const PASSWORD_REPEATED_MESSAGE =
  'Choose a password that is not just one letter or a short pattern repeated';
export const PASSWORD_SEQUENCE_MESSAGE =
  'Choose a password that is not a run of letters or numbers in order, like abcdefgh or 12345678';
export const PASSWORD_IS_EMAIL_MESSAGE = 'Your password must not be your email address';

/** Runs people type as "random": the alphabet, the digits and the keyboard's rows, both ways. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
].flatMap((run) => [run, [...run].reverse().join('')]);

/** Why this password cannot be chosen, or null when it can (length is checked beside it). */
export function passwordPatternProblem(password: string): string | null {
  if (password.trim() === '') return PASSWORD_WHITESPACE_MESSAGE;
  const lower = password.toLowerCase();
  if (isRepeatedPattern(lower)) return PASSWORD_REPEATED_MESSAGE;
  if (SEQUENCES.some((run) => run.includes(lower))) return PASSWORD_SEQUENCE_MESSAGE;
  return null;
}

/** `aaaaaaaa`, `abababab`, `abcabcabc`: a piece of at most 4 characters, repeated. */
function isRepeatedPattern(password: string): boolean {
  for (let size = 1; size <= 4 && size * 2 <= password.length; size += 1) {
    const piece = password.slice(0, size);
    if (piece.repeat(Math.ceil(password.length / size)).startsWith(password)) return true;
  }
  return false;
}

/** The account's own address, or the part before its @, in any case and spacing. */
export function isPasswordTheEmail(password: string, email: string): boolean {
  const chosen = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  return chosen !== '' && (chosen === address || chosen === localPart);
}
