/**
 * What the server stores about people, for the privacy notice. Each entry follows the code that
 * decides it (packages/db/src/*-schema.ts and the API's repositories); "kept" says how long
 * where the code decides it, and says so plainly where nothing deletes a record by itself.
 */
export type PrivacyRecord = {
  item: string;
  what: string;
  why: string;
  kept: string;
};

const UNTIL_CLOSED = 'or until your account is closed, which deletes it too.';

export const PRIVACY_RECORDS: PrivacyRecord[] = [
  {
    item: 'Your account',
    what: "Your email address, first and last name, and when you joined. With Locals' own sign-in, your password too, stored only as a one-way hash (argon2id) that nobody at Locals can turn back into the password. If you sign in with another service, such as GOV.UK One Login, we keep the code it knows you by instead, and the name and email address it shares with us.",
    why: 'To sign you in and keep your saved things yours. Lawful basis: contract.',
    kept: 'Until you ask us to close your account. Closing it also deletes your sessions, notes, bookmarks, share link, votes, reviews and suggestions.',
  },
  {
    item: 'Sign-in sessions',
    what: "For each browser you are signed in on: a hashed copy of the code in your __Host-locals_session cookie, when the session began and was last used, your browser's user agent (the browser and operating system it reports, up to 300 characters), and the token the sign-in service gave us, which holds your name and email address.",
    why: 'To keep you signed in; the token lets us sign you out of the sign-in service too, and the user agent lets us tell your signed-in browsers apart if you ask us about your account. Lawful basis: contract.',
    kept: 'Deleted when you sign out or reset your password. A session stops working after 24 hours without use, and 30 days after you signed in at most; an ended session is deleted the next time its cookie is sent or anyone signs in, whichever comes first, or with your account.',
  },
  {
    item: 'Signing in',
    what: "While you sign in: random codes that tie the sign-in to your browser, and the page to bring you back to. Locals' own sign-in service also keeps a record that you are signed in to it (behind the locals_issuer_session cookie) and that you let Locals use it.",
    why: 'To finish signing you in safely. Lawful basis: contract.',
    kept: "Sign-in codes: deleted when you come back; unused ones stop working after 10 minutes and are deleted when anyone next starts to sign in. The sign-in service's records: deleted when you sign out; otherwise they end after 24 hours (your sign-in) and 30 days (your permission), and ended ones are cleared when anyone next signs in.",
  },
  {
    item: 'Failed sign-ins',
    what: 'For each failed sign-in with a Locals password: a one-way hash of the email address tried and of the IP address it came from (or, from a browser that has signed in to that account before, of the random code in its locals_device cookie), made with a secret key kept in our database (so nobody can work them back out by trying addresses), with the time.',
    why: 'To slow down anyone guessing passwords: each failure makes the next try for that account from that IP address or browser wait longer, up to 10 seconds, and many failures for one account, or from one IP address, slow further tries from browsers new to the account a little. Nobody is locked out. Lawful basis: legitimate interests (keeping accounts safe).',
    kept: '15 minutes: older ones are deleted when the next failure is recorded. Signing in deletes that account’s failures from the same IP address or browser at once, and resetting the password deletes all of its failures.',
  },
  {
    item: 'Request counts',
    what: 'How many requests each IP address made to Locals in the current minute, and how many changes each signed-in person made. On a single server they are counted in its memory only; where several servers share the work, in our database or cache, under a one-way hash made with a secret key kept in our database, never the address or the account itself.',
    why: 'To stop floods of requests and automated sign-ups from making Locals slow or unusable for everyone. Lawful basis: legitimate interests (keeping the service available).',
    kept: "Each count ends with its minute. Ended counts in a server's memory are overwritten as new ones come in (it holds at most 5,000 for each limit); in our database they are deleted within two minutes, and in the cache when their minute ends.",
  },
  {
    item: 'Password reset links',
    what: 'When you ask to reset your password: a one-way hash of the code in the link we email you, when it was made and when it was used.',
    why: 'So the link works once, for you only. Lawful basis: contract.',
    kept: 'The link works once, for 30 minutes. Expired records are deleted when anyone next asks for a reset.',
  },
  {
    item: 'Bookmarks and share links',
    what: 'The services and events you save, and when. If you share your list, a random code for the link.',
    why: 'So you can find, print and share them. Only you can see your bookmarks; anyone with your share link can see the services on it, but not your name or anything else about you. Lawful basis: contract.',
    kept: `Until you remove a bookmark or stop sharing, ${UNTIL_CLOSED}`,
  },
  {
    item: 'Private notes',
    what: 'Notes you write about a service, and when you wrote and changed them.',
    why: 'So you can read them again. Only you can see them. Lawful basis: contract.',
    kept: `Until you delete them, ${UNTIL_CLOSED}`,
  },
  {
    item: 'Votes',
    what: 'Your thumbs up or down on a service, and when.',
    why: 'To help others choose a service. Only the totals are shown, never who voted. Lawful basis: legitimate interests.',
    kept: `Until you take the vote back, ${UNTIL_CLOSED}`,
  },
  {
    item: 'Reviews',
    what: 'Your star rating and review of a service, and when you wrote and changed it.',
    why: 'To help others choose a service. Reviews are public and shown with your first name and the first letter of your last name (or "Locals member" if we have no first name), never your email address. Lawful basis: legitimate interests.',
    kept: `Until you delete it, ${UNTIL_CLOSED} We may remove a review that breaks our terms.`,
  },
  {
    item: 'Suggestions',
    what: 'The text of a suggestion you send about a service, which service, whether the organisation accepted or rejected it, and a random code for its answer link.',
    why: 'When the organisation that runs the service manages its listing on Locals, we email the suggestion to the contact address it gave us (or to our team when the listing has none) with a link to accept or reject it; otherwise a Locals moderator reads it, and nobody is emailed. The email does not name you. You see the answer on your bookmarks page. Lawful basis: legitimate interests.',
    kept: `Until your account is closed, which deletes them. The email the organisation received stays with them.`,
  },
  {
    item: 'Newsletter',
    what: 'Your email address, when you subscribed, when we last emailed you about it, and a random code for your unsubscribe link.',
    why: 'To send the newsletter you asked for. You are subscribed as soon as you sign up; we email you to say so, with a link to unsubscribe, and there is nothing to confirm. Every email has an unsubscribe link. Lawful basis: consent.',
    kept: 'When you unsubscribe we stop at once and mark the address unsubscribed, with the date. The address stays on our list, marked that way, until you ask us to delete it.',
  },
  {
    item: 'Service applications',
    what: 'What you send when applying to list a service: organisation name, contact name, email address, phone, website, address, services and description, with the date.',
    why: 'To check the service and contact you about it. We email the application to our listings team and a receipt to you. Lawful basis: legitimate interests.',
    kept: 'Until you ask us to delete it: nothing deletes applications automatically yet.',
  },
  {
    item: 'Emails we send',
    what: 'The address, subject and text of each email: newsletter and password reset emails, suggestions to organisations, and application receipts.',
    why: 'To deliver them. We send them through an email provider; a copy of Locals run without one, as in testing, saves each email as a file on its own server instead. Lawful basis: as for what the email is about.',
    kept: 'Sent through an email provider, Locals keeps no copy. Saved files stay until whoever runs that copy deletes them.',
  },
];
