import { SCROLL_POSITIONS_KEY } from '@/lib/scroll-state';

/**
 * Everything Locals keeps in a browser, for the cookie policy and the privacy notice. The names
 * are the real ones: the e2e story "the cookie policy names everything..." signs in and fails if
 * the browser holds anything this list leaves out.
 */
export type BrowserItem = {
  names: string[];
  purpose: string;
  where: string;
  duration: string;
};

const SIGN_IN_COOKIE = 'Cookie (HttpOnly: page scripts cannot read it)';
const CLOSE_TAB = 'Until you close the browser tab';
const CLEAR_DATA = 'Until you clear your browser data';

export const BROWSER_ITEMS: BrowserItem[] = [
  {
    names: ['__Host-locals_session'],
    purpose:
      'Keeps you signed in to Locals. It holds only a random code; our database keeps a scrambled (hashed) copy linked to your account. Set when you sign in. Strictly necessary and never used for tracking. (On a site served without HTTPS it is called locals_session.)',
    where: `${SIGN_IN_COOKIE}, Secure, SameSite=Lax`,
    duration:
      'Deleted when you sign out. It stops working after 24 hours without use, and 30 days after you signed in at most.',
  },
  {
    names: ['locals_issuer_session', 'locals_issuer_session.sig'],
    purpose:
      "Set by Locals' own sign-in service when you sign in with your Locals password, so it knows you are signed in to it. The .sig cookie is a signature that stops the other being forged.",
    where: `${SIGN_IN_COOKIE}, SameSite=Lax`,
    duration: 'Deleted when you sign out; it expires after 24 hours.',
  },
  {
    names: ['locals_issuer_interaction', 'locals_issuer_interaction.sig'],
    purpose:
      "Ties the sign-in page you are on to your browser, so nobody else can finish your sign-in. Set by Locals' own sign-in service, sent only to its sign-in addresses.",
    where: `${SIGN_IN_COOKIE}, SameSite=Lax`,
    duration: 'Deleted as soon as you have signed in; it expires after 10 minutes.',
  },
  {
    names: ['locals_issuer_resume', 'locals_issuer_resume.sig'],
    purpose:
      "Lets Locals' own sign-in service carry on where it left off once you have entered your password.",
    where: `${SIGN_IN_COOKIE}, SameSite=Lax`,
    duration: 'Deleted as soon as you have signed in; it expires after 10 minutes.',
  },
  {
    names: ['locals_device'],
    purpose:
      "Set when you sign in with your Locals password or reset it, so that next time this browser is recognised as one you have used for that account: while someone else floods your account with wrong passwords, your own sign-in does not queue behind theirs. It holds a random code, a time and a signature; not your name or email address. Sent only to Locals' sign-in step.",
    where: `${SIGN_IN_COOKIE}, Secure, SameSite=Strict`,
    duration: '180 days from your latest sign-in on this browser.',
  },
  {
    names: ['cookieConsent'],
    purpose:
      'Remembers whether you chose Accept All or Reject, so we do not ask again. Kept twice: in local storage, and in a cookie so our server knows not to show the cookie message.',
    where: 'Local storage in your browser, and a cookie (SameSite=Lax)',
    duration: 'Local storage until you clear your browser data; the cookie for a year',
  },
  {
    names: ['cookieConsentDate'],
    purpose: 'Records when you made that choice.',
    where: 'Local storage in your browser',
    duration: CLEAR_DATA,
  },
  {
    names: ['fontSize'],
    purpose: 'Remembers the text size you picked. Set only when you pick one.',
    where: 'Local storage in your browser',
    duration: CLEAR_DATA,
  },
  {
    names: ['siteViewCounted'],
    purpose: 'Makes sure your visit is counted only once. The count holds no personal data.',
    where: 'Session storage in your browser',
    duration: CLOSE_TAB,
  },
  {
    names: ['detectedPostcode'],
    purpose:
      'The postcode found from your location, so every page can use it (blank once you clear it). Set only if you let your browser share your location.',
    where: 'Session storage in your browser',
    duration: CLOSE_TAB,
  },
  {
    names: [SCROLL_POSITIONS_KEY],
    purpose:
      'Remembers how far down each page you scrolled, so Back returns you to the same place.',
    where: 'Session storage in your browser',
    duration: CLOSE_TAB,
  },
];
