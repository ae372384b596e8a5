import { Link } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

const STORED_ITEMS = [
  {
    name: 'cookieConsent',
    purpose: 'Remembers whether you chose Accept All or Reject, so we do not ask again.',
    where: 'Local storage in your browser',
    duration: 'Until you clear your browser data',
  },
  {
    name: 'cookieConsentDate',
    purpose: 'Records when you made that choice.',
    where: 'Local storage in your browser',
    duration: 'Until you clear your browser data',
  },
  {
    name: 'fontSize',
    purpose: 'Remembers the text size you picked.',
    where: 'Local storage in your browser',
    duration: 'Until you clear your browser data',
  },
  {
    name: 'siteViewCounted',
    purpose: 'Makes sure your visit is counted only once. The count holds no personal data.',
    where: 'Session storage in your browser',
    duration: 'Until you close the browser tab',
  },
  {
    name: 'Sign-in session cookie',
    purpose:
      'Keeps you signed in. Set only when you sign in. Strictly necessary, cannot be read by scripts (HttpOnly) and never used for tracking.',
    where: 'Cookie',
    duration: 'Until you sign out, or the session ends',
  },
];

export function CookiesRoute() {
  return (
    <ContentPage
      title="Cookie policy"
      lede="Locals keeps only a few small items in your browser. None of them track you."
    >
      <h2>What we keep in your browser</h2>
      {/* A table is too cramped on a small phone, so narrow screens get the same facts as a list. */}
      <dl className="mb-6 sm:hidden">
        {STORED_ITEMS.map((item) => (
          <div key={item.name} className="border-t border-line py-3">
            <dt className="font-bold [overflow-wrap:anywhere]">{item.name}</dt>
            <dd>{item.purpose}</dd>
            <dd>
              <span className="font-semibold">Stored:</span> {item.where}
            </dd>
            <dd>
              <span className="font-semibold">How long:</span> {item.duration}
            </dd>
          </div>
        ))}
      </dl>
      <table className="mb-6 hidden w-full border-collapse text-left sm:table">
        <caption className="mb-2 text-left text-lg font-bold">Items Locals stores, and why</caption>
        <thead>
          <tr className="border-b-2 border-ink">
            <th scope="col" className="py-2 pr-3">
              Name
            </th>
            <th scope="col" className="py-2 pr-3">
              Purpose
            </th>
            <th scope="col" className="py-2 pr-3">
              Where it is stored
            </th>
            <th scope="col" className="py-2">
              How long
            </th>
          </tr>
        </thead>
        <tbody>
          {STORED_ITEMS.map((item) => (
            <tr key={item.name} className="border-b border-line align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {item.name}
              </th>
              <td className="py-2 pr-3">{item.purpose}</td>
              <td className="py-2 pr-3">{item.where}</td>
              <td className="py-2">{item.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Analytics</h2>
      <p>
        Analytics only run if you choose Accept All in the cookie message. We do not use any
        analytics service at the moment. If we add one, we will list it in the table above before it
        runs.
      </p>

      <h2>Changing your mind</h2>
      <p>
        To see the cookie message again, clear this site&apos;s data in your browser settings. The
        site works the same whichever you choose.
      </p>
      <p>
        Read more in our <Link to={paths.privacy}>privacy policy</Link> and{' '}
        <Link to={paths.terms}>terms and conditions</Link>.
      </p>
    </ContentPage>
  );
}
