import { readStorage, writeStorage } from '@/lib/storage';

export type CookieConsent = 'accepted' | 'rejected';

const CONSENT_KEY = 'cookieConsent';
const CONSENT_DATE_KEY = 'cookieConsentDate';
/** The choice is also a cookie, so the server knows whether to render the banner (issue 13). */
export const CONSENT_COOKIE = 'cookieConsent';
const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isCookieConsent(value: string | null): value is CookieConsent {
  return value === 'accepted' || value === 'rejected';
}

export function readCookieConsent(): CookieConsent | null {
  const stored = readStorage(localStorage, CONSENT_KEY);
  return isCookieConsent(stored) ? stored : null;
}

export function writeConsentCookie(consent: CookieConsent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

export function saveCookieConsent(consent: CookieConsent, now = new Date()): void {
  writeStorage(localStorage, CONSENT_KEY, consent);
  writeStorage(localStorage, CONSENT_DATE_KEY, now.toISOString());
  writeConsentCookie(consent);
}
