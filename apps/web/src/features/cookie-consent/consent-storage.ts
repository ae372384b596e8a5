import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_S,
  COOKIE_MESSAGE_CLOSED_COOKIE,
} from '@locals/contracts/page-forms';
import { cookieValue } from '@/lib/request-cookies';
import { readStorage, writeStorage } from '@/lib/storage';

export type CookieConsent = 'accepted' | 'rejected';

const CONSENT_KEY = 'cookieConsent';
const CONSENT_DATE_KEY = 'cookieConsentDate';

export function isCookieConsent(value: string | null): value is CookieConsent {
  return value === 'accepted' || value === 'rejected';
}

/**
 * The choice stored in the browser, or else its cookie: a choice made without JavaScript (the
 * form the server answers, decision 036) is only a cookie, and holds when JavaScript is on.
 */
export function readCookieConsent(): CookieConsent | null {
  const stored = readStorage(localStorage, CONSENT_KEY);
  if (isCookieConsent(stored)) return stored;
  const cookie = cookieValue(document.cookie, CONSENT_COOKIE);
  return isCookieConsent(cookie) ? cookie : null;
}

/** Whether Close was chosen in this browser session (a session cookie, as the server sets it). */
export function isCookieMessageClosed(): boolean {
  return cookieValue(document.cookie, COOKIE_MESSAGE_CLOSED_COOKIE) !== null;
}

function secureAttribute(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

export function writeConsentCookie(consent: CookieConsent): void {
  document.cookie = `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; SameSite=Lax${secureAttribute()}`;
}

/** Close: the message stays away until the browser is closed, with or without JavaScript. */
export function closeCookieMessage(): void {
  document.cookie = `${COOKIE_MESSAGE_CLOSED_COOKIE}=1; Path=/; SameSite=Lax${secureAttribute()}`;
}

export function saveCookieConsent(consent: CookieConsent, now = new Date()): void {
  writeStorage(localStorage, CONSENT_KEY, consent);
  writeStorage(localStorage, CONSENT_DATE_KEY, now.toISOString());
  writeConsentCookie(consent);
}
