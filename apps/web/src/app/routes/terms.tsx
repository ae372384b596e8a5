import { Link } from 'react-router';
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
      <p>
        We work hard to keep listings right, but opening times, contact details and services change.
        Services marked verified have been checked with the organisation; others come from public
        data and may be out of date. Please contact a service before you travel.
      </p>
      <p>
        Nothing on Locals is medical, legal or financial advice. In an emergency call 999. For
        urgent medical help call NHS 111.
      </p>

      <h2>Using the site</h2>
      <ul>
        <li>Use Locals for finding and sharing help, not for anything unlawful.</li>
        <li>Do not try to break, overload or copy the site or its data in bulk.</li>
        <li>
          Reviews, notes and suggestions must be honest and respectful. Do not post anyone's
          personal details. We may remove content that breaks these rules.
        </li>
      </ul>

      <h2>Listing a service</h2>
      <p>
        If you apply to list a service, the details you give must be accurate and you must be
        allowed to share them. We may decline or remove a listing, for example if we cannot verify
        it or it is no longer running. Tell us when something changes.
      </p>

      <h2>Accounts</h2>
      <p>
        When accounts open, keep your sign-in details to yourself. You can close your account at any
        time by emailing support.
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
