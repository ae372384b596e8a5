import { Link } from 'react-router';
import { BROWSER_ITEMS } from '@/components/content/browser-storage';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

function ItemNames({ names }: { names: string[] }) {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 && ', '}
      <code className="[overflow-wrap:anywhere]">{name}</code>
    </span>
  ));
}

export function CookiesRoute() {
  return (
    <ContentPage
      title="Cookie policy"
      lede="Locals keeps only a few small items in your browser. None of them track you."
    >
      <h2>What we keep in your browser</h2>
      {/* A table is too cramped on a small phone, so narrow screens get the same facts as a list. */}
      <dl className="mb-6 sm:hidden">
        {BROWSER_ITEMS.map((item) => (
          <div key={item.names[0]} className="border-t border-line py-3">
            <dt className="font-bold">
              <ItemNames names={item.names} />
            </dt>
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
          {BROWSER_ITEMS.map((item) => (
            <tr key={item.names[0]} className="border-b border-line align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">
                <ItemNames names={item.names} />
              </th>
              <td className="py-2 pr-3">{item.purpose}</td>
              <td className="py-2 pr-3">{item.where}</td>
              <td className="py-2">{item.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Signing in</h2>
      <p>
        The cookies are set only if you sign in, and none of them can be read by the site&apos;s own
        page scripts, so no sign-in token is ever in reach of JavaScript. The{' '}
        <code>locals_issuer_</code> cookies, each with its <code>.sig</code> signature, belong to
        Locals&apos; own sign-in service. If this site is set up to sign you in with another service
        instead (such as GOV.UK One Login), only <code>__Host-locals_session</code> is set here, and
        that service sets its own cookies on its own site under its own policy.
      </p>

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
