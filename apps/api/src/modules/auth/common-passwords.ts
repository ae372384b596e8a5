import list from './common-passwords.json' with { type: 'json' };

/**
 * ASVS 5.0 §6.2.4: new passwords are checked against common and breached ones. The list is the
 * 17,950 entries of 8 or more characters (lower-cased, shorter ones fail the length rule anyway)
 * among the 49,233 most common passwords that zxcvbn ships: `src/passwords.json` of the npm package
 * @zxcvbn-ts/language-common 4.1.3 (MIT; Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.,
 * (c) 2021 @zxcvbn-ts), drawn from leaked password sets. It lives only in the API: the server's
 * check is the one that counts, and the browser bundle stays small.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(list);

export const COMMON_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is on a list of common passwords. Try three or four random words.';

/** Case does not help: 'PASSWORD1' is as guessable as 'password1'. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
