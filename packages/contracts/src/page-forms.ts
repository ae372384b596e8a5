/**
 * Forms a page sends without JavaScript (decision 036). A browser cannot add the API's custom
 * header to a plain form, so these go to page addresses outside /api, as
 * `application/x-www-form-urlencoded`, and the server answers with a page or a 303 to one.
 * With JavaScript the app sends the same choices through the API (or, for cookies, itself).
 * No zod here: every page imports these names, and the schemas stay out of its download.
 */

/** The cookie message's choice: Reject, Accept All, or Close (for this visit only). */
export const COOKIE_CHOICE_PATH = '/cookies';
/** The choice, remembered for a year so the server knows not to show the message again. */
export const CONSENT_COOKIE = 'cookieConsent';
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Close: a session cookie, so the message stays away until the browser is closed. */
export const COOKIE_MESSAGE_CLOSED_COOKIE = 'cookieMessageClosed';

export const COOKIE_CHOICES = ['rejected', 'accepted', 'closed'] as const;
export type CookieChoice = (typeof COOKIE_CHOICES)[number];

/** The newsletter form's address, and the page it shows the outcome on. */
export const NEWSLETTER_FORM_PATH = '/newsletter';
export const NEWSLETTER_SUBSCRIBED_PATH = '/newsletter/subscribed';

/**
 * An organiser's event form (decision 038): a new event, and a change to one of theirs (the
 * id in the address). On success the server goes on to My events.
 */
export const NEW_EVENT_PATH = '/my-events/new';
export const MY_EVENTS_PATH = '/my-events';
export const editEventPath = (id: string) => `/my-events/${encodeURIComponent(id)}/edit`;

/**
 * A form sent without JavaScript that the server answered with its page again (the address was
 * not valid, or the subscription failed): what was typed, and what went wrong, so nothing the
 * person typed is lost and the page says what to do. It travels in the page, never in the URL.
 */
export type SubmittedForm = {
  /** `needs-script`: a form only the app can send, sent by a browser without it. */
  form: 'newsletter' | 'event' | 'needs-script';
  values: Record<string, string>;
  /** A field's message, or `form` for a failure of the whole form. */
  errors: Record<string, string>;
};

/**
 * A path on this site to go back to after a form: a relative path, never another site
 * ("//evil.example", "/\\evil.example" and "https://..." all lead home instead).
 */
export function localReturnPath(value: string | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  const url = new URL(value, 'http://locals.invalid');
  return url.origin === 'http://locals.invalid' ? url.pathname + url.search + url.hash : fallback;
}

/**
 * What a page says when one of its forms that only the app can send (signing in, a review, an
 * application) was sent by a browser without JavaScript. Nothing typed comes back: such forms
 * hold passwords and personal details, which are not put in a page they were not meant for.
 */
export const NEEDS_SCRIPT_MESSAGE =
  'This form needs JavaScript to send, and it is off or not working in this browser, so nothing was sent. Turn JavaScript on, or use another browser, and try again.';
