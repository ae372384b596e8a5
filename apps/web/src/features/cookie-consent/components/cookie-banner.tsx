import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useBrowserValue } from '@/hooks/use-browser-value';
import { useRequestCookie } from '@/lib/request-cookies';
import {
  CONSENT_COOKIE,
  isCookieConsent,
  readCookieConsent,
  saveCookieConsent,
  writeConsentCookie,
} from '../consent-storage';
import type { CookieConsent } from '../consent-storage';

/** Spec 2 and 4: shown until a choice is stored; Close hides it for this visit only. */
export function CookieBanner() {
  // The server renders the banner unless the choice's cookie says it was made (issue 13: a
  // banner added by the app after the page had painted was its largest paint, late); the
  // browser goes by the choice it stored, which the cookie copies.
  const consentCookie = useRequestCookie(CONSENT_COOKIE);
  const needsChoice = useBrowserValue(
    () => readCookieConsent() === null,
    !isCookieConsent(consentCookie),
  );
  const [isClosed, setIsClosed] = useState(false);

  // A choice stored before the cookie existed gets its cookie, so the server knows it too.
  useEffect(() => {
    const stored = readCookieConsent();
    if (stored !== null && stored !== consentCookie) writeConsentCookie(stored);
  }, [consentCookie]);

  function choose(consent: CookieConsent) {
    saveCookieConsent(consent);
    setIsClosed(true);
  }

  if (!needsChoice || isClosed) return null;

  return (
    // Sticky at the end of the page rather than fixed, so it never covers the footer for good.
    <div
      role="region"
      aria-label="Cookie consent"
      className="sticky bottom-0 z-30 max-h-[60dvh] overflow-y-auto border-t-4 border-brand bg-surface shadow-[0_-4px_12px_rgb(0_0_0/0.15)]"
    >
      <div className="mx-auto max-w-6xl px-4 py-4">
        <h2 className="mb-1 text-xl font-bold">Cookies on Locals</h2>
        <p className="mb-3 max-w-prose">
          We store a few small things in your browser to make this site work, such as your text
          size. We would also like to measure how the site is used, but only if you choose Accept
          All. Read our <Link to={paths.cookies}>cookie policy</Link> and{' '}
          <Link to={paths.terms}>terms</Link>.
        </p>
        <div className="flex flex-wrap gap-3">
          {/* Spec 2's order. Reject looks exactly like Accept All: ICO guidance is that
              refusing must be as easy as accepting. */}
          <Button onClick={() => choose('rejected')}>Reject</Button>
          <Button onClick={() => choose('accepted')}>Accept All</Button>
          <Button variant="secondary" onClick={() => setIsClosed(true)}>
            Close <span className="sr-only">cookie message</span>
          </Button>
        </div>
      </div>
    </div>
  );
}
