import { Link } from 'react-router';
import {
  CHECK_BEFORE_YOU_TRAVEL,
  UNVERIFIED_MEANING,
  VERIFIED_MEANING,
} from '@/components/content/verification-wording';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

export function TermsRoute() {
  return (
    <ContentPage
      title="Terms and conditions"
      documentTitle="Terms and conditions"
      lede="The rules for using Locals, in plain English. By using the site you agree to them."
    >
      <h2>What Locals is</h2>
      <p>
        Locals is a free directory of local health, help and support services, and community events.
        We help you find services; we do not run them.
      </p>

      <h2>Check before you rely on a listing</h2>
      <p>{VERIFIED_MEANING}</p>
      <p>{UNVERIFIED_MEANING}</p>
      <p>{CHECK_BEFORE_YOU_TRAVEL}</p>
      <p>
        Nothing on Locals is medical, legal or financial advice. In an emergency call 999. For
        urgent medical help call NHS 111.
      </p>

      <h2>Using the site</h2>
      <ul>
        <li>Use Locals for finding and sharing help, not for anything unlawful.</li>
        <li>Do not try to break, overload or copy the site or its data in bulk.</li>
      </ul>

      <h2>Listing a service</h2>
      <p>
        If you apply to list a service, the details you give must be accurate and you must be
        allowed to share them. We may decline or remove a listing, for example if we cannot verify
        it or it is no longer running. Tell us when something changes.
      </p>

      <h2>Accounts</h2>
      <p>
        An account is free. Signed in, you can bookmark services and events, print or share a
        read-only list of your bookmarks, vote a service thumbs up or down, keep private notes,
        write reviews and suggest edits to a listing.
      </p>
      <ul>
        <li>Keep your password to yourself, and use your own name, not someone else&apos;s.</li>
        <li>
          Tell us straight away if you think someone else has used your account, and reset your
          password.
        </li>
        <li>
          Anyone you give your share link to can see the services on your list until you stop
          sharing it.
        </li>
        <li>You can close your account at any time by emailing support.</li>
      </ul>

      <h2>Reviews and suggestions</h2>
      <p>
        Reviews are public and show your first name and the first letter of your last name.
        Suggestions are emailed to the organisation that runs the service, without your name. When
        you write either:
      </p>
      <ul>
        <li>
          Be honest: write about your own experience of the service, and do not review a service you
          run, work for or compete with, or one you were paid to review.
        </li>
        <li>
          Leave out personal details about anyone else, such as names of staff or other people using
          the service, phone numbers, addresses or health information. Keep your own private details
          out too.
        </li>
        <li>
          Be respectful: no abuse, threats, discrimination, advertising or anything unlawful, such
          as untrue statements that harm someone&apos;s reputation.
        </li>
      </ul>
      <p>
        We may remove a review or suggestion that breaks these rules, and close an account that
        keeps breaking them.
      </p>

      <h2>Our responsibility</h2>
      <p>
        We provide Locals free of charge and as it is. We are not responsible for services run by
        other organisations, or for websites we link to. Nothing in these terms limits rights you
        have by law.
      </p>

      <h2>Your data</h2>
      <p>
        Our <Link to={paths.privacy}>privacy policy</Link> explains what we store and why, and our{' '}
        <Link to={paths.cookies}>cookie policy</Link> explains what we keep in your browser.
      </p>

      <h2>Changes and the law</h2>
      <p>
        We may update these terms and will change the date below when we do. These terms are
        governed by the law of England and Wales.
      </p>

      <h2>Contact</h2>
      <p>
        Questions? Email <a href="mailto:support@locals.org.uk">support@locals.org.uk</a>.
      </p>
      <p>Last updated: 2025.</p>
    </ContentPage>
  );
}
