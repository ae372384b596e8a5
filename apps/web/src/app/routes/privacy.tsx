import { Link } from 'react-router';
import { BROWSER_ITEMS } from '@/components/content/browser-storage';
import { PRIVACY_RECORDS } from '@/components/content/privacy-records';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

function StoredRecords() {
  return (
    <dl className="mb-6 max-w-prose text-lg">
      {PRIVACY_RECORDS.map((record) => (
        <div key={record.item} className="border-t border-line py-3">
          <dt className="font-bold">{record.item}</dt>
          <dd>{record.what}</dd>
          <dd>
            <span className="font-semibold">Why:</span> {record.why}
          </dd>
          <dd>
            <span className="font-semibold">How long:</span> {record.kept}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function PrivacyRoute() {
  const browserNames = BROWSER_ITEMS.flatMap((item) => item.names);
  return (
    <ContentPage
      title="Privacy policy"
      lede="What Locals stores about you, why, for how long, and the rights you have. We keep as little as we can."
    >
      <h2>Who we are</h2>
      <p>
        Locals is the data controller for the information described here. Contact us at{' '}
        <a href="mailto:support@locals.org.uk">support@locals.org.uk</a>.
      </p>

      <h2>What we store and why</h2>
      <p>
        You can search, read listings and use the map without giving us anything. This is what we
        keep when you do more.
      </p>
      <StoredRecords />

      <h2>What we use but do not keep</h2>
      <ul>
        <li>
          <strong>Your location.</strong> If you let your browser share your location, it sends your
          latitude and longitude to our server to find the nearest postcode. We do not store them or
          write them to our logs.
        </li>
        <li>
          <strong>Your searches.</strong> The postcodes and keywords you search for are sent to our
          server to find services. We do not store them or write them to our logs.
        </li>
        <li>
          <strong>Your IP address.</strong> To stop the site being overloaded, our server counts
          requests from each IP address (or each signed-in person) in its memory for one minute. It
          is never written down, except hashed for failed sign-ins as above.
        </li>
        <li>
          <strong>Server logs</strong> record each request&apos;s method, address without its query,
          result and timing, never your IP address, cookies or what you typed.
        </li>
      </ul>

      <h2>In your browser</h2>
      <p>
        We keep a few items in your browser: {browserNames.join(', ')}. The sign-in cookies are set
        only when you sign in, cannot be read by scripts, are strictly necessary and are never used
        for tracking. Our <Link to={paths.cookies}>cookie policy</Link> says what each one does and
        how long it lasts.
      </p>

      <h2>Analytics</h2>
      <p>
        Analytics only run if you choose Accept All in the cookie message. If you choose Reject or
        make no choice, nothing is measured. We do not use any analytics service at the moment; if
        we add one, we will name it here first.
      </p>

      <h2>Who we share it with</h2>
      <p>We never sell your data. Some of it reaches others, as this says:</p>
      <ul>
        <li>
          Suggestions go to the organisation that runs the service they are about, without your
          name.
        </li>
        <li>
          Hosting and email companies run the site and send our emails; they may only use your data
          to provide that service to us.
        </li>
        <li>
          When you open the map, your browser fetches map pictures from OpenStreetMap (or the map
          service this site is set up with), which sees your IP address and the area shown.
        </li>
        <li>
          If the site signs you in with another service, such as GOV.UK One Login, that service
          tells us your email address and, if it has it, your name.
        </li>
        <li>
          A postcode we do not have may be looked up with a postcode lookup service, which sees only
          the postcode.
        </li>
      </ul>

      <h2>Your rights</h2>
      <p>Under UK data protection law (UK GDPR) you can ask us to:</p>
      <ul>
        <li>give you a copy of the data we hold about you (access)</li>
        <li>correct data that is wrong (correction)</li>
        <li>delete your data, or close your account (deletion)</li>
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
