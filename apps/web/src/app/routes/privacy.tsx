import { Link } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

const WHAT_WE_STORE = [
  {
    item: 'Your account',
    detail:
      'If you create an account: your name and email address. Your password is stored only as a one-way hash, so nobody at Locals can read it.',
    why: 'To sign you in and keep your saved items. Lawful basis: contract.',
  },
  {
    item: 'Private notes and bookmarks',
    detail: 'Notes you write about a service and the services and events you save.',
    why: 'So you can find them again. Only you can see them. Lawful basis: contract.',
  },
  {
    item: 'Votes and reviews',
    detail: 'Your thumbs up or down on a service, and reviews you write.',
    why: 'To help others choose a service. Vote totals and reviews are shown publicly; your email address never is. Lawful basis: legitimate interests.',
  },
  {
    item: 'Suggestions to providers',
    detail: 'The text of a suggestion you send about a service.',
    why: 'We pass it to the organisation that runs the service so they can improve their listing. Lawful basis: legitimate interests.',
  },
  {
    item: 'Newsletter',
    detail: 'Your email address.',
    why: 'To send the newsletter you asked for. Every email has an unsubscribe link. Lawful basis: consent.',
  },
  {
    item: 'Service applications',
    detail:
      'The organisation and contact details in an application to list a service: name, email, phone, website and address.',
    why: 'To check the service and contact you about it. Lawful basis: legitimate interests.',
  },
  {
    item: 'Site visits',
    detail: 'A count of visits, in total and for today. The count holds no personal data.',
    why: 'To show how many people the site reaches. Lawful basis: legitimate interests.',
  },
];

export function PrivacyRoute() {
  return (
    <ContentPage
      title="Privacy policy"
      lede="What Locals stores about you, why, and the rights you have. We keep as little as we can."
    >
      <h2>Who we are</h2>
      <p>
        Locals is the data controller for the information described here. Contact us at{' '}
        <a href="mailto:support@locals.org.uk">support@locals.org.uk</a>.
      </p>

      <h2>What we store and why</h2>
      <dl className="mb-6 max-w-prose text-lg">
        {WHAT_WE_STORE.map((row) => (
          <div key={row.item} className="border-t border-line py-3">
            <dt className="font-bold">{row.item}</dt>
            <dd>{row.detail}</dd>
            <dd className="text-muted">{row.why}</dd>
          </div>
        ))}
      </dl>

      <h2>In your browser</h2>
      <p>
        We keep your cookie choice (<code>cookieConsent</code> and <code>cookieConsentDate</code>)
        and your text size (<code>fontSize</code>) in your browser&apos;s local storage, and a flag
        so we count your visit only once (<code>siteViewCounted</code>) in session storage. If you
        sign in, a session cookie keeps you signed in. It cannot be read by scripts, is strictly
        necessary and is never used for tracking. Our <Link to={paths.cookies}>cookie policy</Link>{' '}
        lists each one.
      </p>

      <h2>Analytics</h2>
      <p>
        Analytics only run if you choose Accept All in the cookie message. If you choose Reject or
        make no choice, nothing is measured. We do not use any analytics service at the moment; if
        we add one, we will name it here first.
      </p>

      <h2>Who we share it with</h2>
      <p>
        We never sell your data. Suggestions go to the provider of the service they are about. We
        use hosting and email companies to run the site and send emails; they may only use your data
        to provide that service to us.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Account data, notes, bookmarks and votes: until you delete your account.</li>
        <li>Reviews: while the service is listed, unless you ask us to remove them.</li>
        <li>Newsletter email address: until you unsubscribe.</li>
        <li>
          Service applications: while the service is listed, or 12 months if it is not listed.
        </li>
      </ul>

      <h2>Your rights</h2>
      <p>Under UK data protection law (UK GDPR) you can ask us to:</p>
      <ul>
        <li>give you a copy of the data we hold about you (access)</li>
        <li>correct data that is wrong (correction)</li>
        <li>delete your data (deletion)</li>
        <li>stop using your data, or withdraw consent at any time</li>
      </ul>
      <p>
        Email <a href="mailto:support@locals.org.uk">support@locals.org.uk</a>. We will reply within
        one month.
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we use your data, please tell us first. You can also complain to
        the Information Commissioner&apos;s Office at <a href="https://ico.org.uk">ico.org.uk</a> or
        on 0303 123 1113.
      </p>
    </ContentPage>
  );
}
