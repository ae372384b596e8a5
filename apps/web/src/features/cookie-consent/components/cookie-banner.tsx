import {
  CONSENT_COOKIE,
  COOKIE_CHOICE_PATH,
  COOKIE_MESSAGE_CLOSED_COOKIE,
} from '@locals/contracts/page-forms';
import type { CookieChoice } from '@locals/contracts/page-forms';
import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useBrowserValue } from '@/hooks/use-browser-value';
import { useRequestCookie } from '@/lib/request-cookies';
import {
  closeCookieMessage,
  isCookieConsent,
  isCookieMessageClosed,
  readCookieConsent,
  saveCookieConsent,
  writeConsentCookie,
} from '../consent-storage';

/**
 * Shown until a choice is stored; Close hides it until the browser is closed.
 * Without JavaScript the buttons send a form the server answers (decision 036): it sets the
 * same cookies the app would, and returns to this page.
 */
export function CookieBanner() {
  // The server renders the banner unless the cookies say the choice was made or the message
  // closed (decision 018: a banner added by the app after the page had painted was its largest
  // paint, late); the browser also goes by the choice it stored, which the cookie copies.
  const consentCookie = useRequestCookie(CONSENT_COOKIE);
  const closedCookie = useRequestCookie(COOKIE_MESSAGE_CLOSED_COOKIE);
  const needsChoice = useBrowserValue(
    () => readCookieConsent() === null && !isCookieMessageClosed(),
    !isCookieConsent(consentCookie) && closedCookie === null,
  );
  const [isClosed, setIsClosed] = useState(false);
  const { pathname, search } = useLocation();

  // A choice stored before the cookie existed gets its cookie, so the server knows it too.
  useEffect(() => {
    const stored = readCookieConsent();
    if (stored !== null && stored !== consentCookie) writeConsentCookie(stored);
  }, [consentCookie]);

  function choose(event: MouseEvent<HTMLButtonElement>, choice: CookieChoice) {
    event.preventDefault();
    if (choice === 'closed') closeCookieMessage();
    else saveCookieConsent(choice);
    setIsClosed(true);
  }

  if (!needsChoice || isClosed) return null;

  return (
    // Sticky at the end of the page rather than fixed, so it never covers the footer for good;
    // at most a quarter of the screen, so on a phone the page's first lines stay in view.
    <div
      role="region"
      aria-label="Cookie consent"
      className="sticky bottom-0 z-30 max-h-[25dvh] overflow-y-auto border-t-4 border-brand bg-surface shadow-[0_-4px_12px_rgb(0_0_0/0.15)]"
    >
      <form
        method="post"
        action={COOKIE_CHOICE_PATH}
        className="mx-auto max-w-6xl px-4 py-2 sm:py-4"
      >
        <input type="hidden" name="returnTo" value={pathname + search} />
        {/* The heading runs into the text: on a phone the message stays within a quarter of
            the screen, under the page's first result (decision 036). */}
        <div className="mb-2 max-w-prose">
          <h2 className="inline text-lg font-bold sm:block sm:text-xl">Cookies on Locals</h2>{' '}
          <p className="inline sm:block">
            We use cookies to make the site work, and would like to measure how it is used if you
            Accept All. Read our <Link to={paths.cookies}>cookie policy</Link> and{' '}
            <Link to={paths.terms}>terms</Link>.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Reject, Accept All, then Close. Reject looks exactly like Accept All: ICO
              guidance is that refusing must be as easy as accepting. */}
          <Button
            type="submit"
            name="choice"
            value="rejected"
            onClick={(event) => choose(event, 'rejected')}
          >
            Reject
          </Button>
          <Button
            type="submit"
            name="choice"
            value="accepted"
            onClick={(event) => choose(event, 'accepted')}
          >
            Accept All
          </Button>
          <Button
            type="submit"
            name="choice"
            value="closed"
            variant="secondary"
            onClick={(event) => choose(event, 'closed')}
          >
            Close <span className="sr-only">cookie message</span>
          </Button>
        </div>
      </form>
    </div>
  );
}
