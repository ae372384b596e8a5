import { readStorage, writeStorage } from '@/lib/storage';

export type CookieConsent = 'accepted' | 'rejected';

const CONSENT_KEY = 'cookieConsent';
const CONSENT_DATE_KEY = 'cookieConsentDate';

export function readCookieConsent(): CookieConsent | null {
  const stored = readStorage(localStorage, CONSENT_KEY);
  return stored === 'accepted' || stored === 'rejected' ? stored : null;
}

export function saveCookieConsent(consent: CookieConsent, now = new Date()): void {
  writeStorage(localStorage, CONSENT_KEY, consent);
  writeStorage(localStorage, CONSENT_DATE_KEY, now.toISOString());
}
