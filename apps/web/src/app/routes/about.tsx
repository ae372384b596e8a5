import { Link } from 'react-router';
import { UNVERIFIED_MEANING, VERIFIED_MEANING } from '@/components/content/verification-wording';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';
import { CoverageFigures } from '@/features/stats/components/coverage-figures';

const OGL_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';

function OpenGovernmentLicence() {
  return <a href={OGL_URL}>Open Government Licence v3.0</a>;
}

export function AboutRoute() {
  return (
    <ContentPage
      title="About us"
      lede="Locals is a free community directory that helps people find local health, help and support services near where they live."
    >
      <h2>Who we are</h2>
      <p>
        Locals was founded in 2023 as a community directory for Bristol and South Gloucestershire.
        We now also cover London, and more cities are coming soon.
      </p>
      <p>
        When life gets hard it can be difficult to know where to turn. We bring together GP
        surgeries, pharmacies, libraries, food support, housing advice, mental health support,
        welcome spaces and community groups in one place, so you can search by postcode and find
        help close to home.
      </p>
      <CoverageFigures />

      <h2>How we check services</h2>
      <p>{VERIFIED_MEANING}</p>
      <p>{UNVERIFIED_MEANING}</p>
      <p>
        Every service and event on the public site is real. Copies of Locals used for testing and
        development also show demo listings and example events, to show how each screen works: each
        is labelled as a demo or an example, is never verified, and must not be visited or called.
      </p>

      <h2>Get involved</h2>
      <ul>
        <li>
          Run a local service? <Link to={paths.listServices}>List your services</Link> with us.
        </li>
        <li>
          Spotted something wrong, or have a question?{' '}
          <Link to={paths.support}>Contact support</Link>.
        </li>
      </ul>

      <section aria-labelledby="data-sources">
        <h2 id="data-sources">Data sources</h2>
        <ul>
          <li>Contains OS data © Crown copyright and database right 2014, 2024 and 2025.</li>
          <li>Contains Royal Mail data © Royal Mail copyright and database right 2014 and 2025.</li>
          <li>Contains National Statistics data © Crown copyright and database right 2025.</li>
          <li>
            Source: Office for National Statistics, licensed under the <OpenGovernmentLicence />.
          </li>
          <li>
            Contains NHS England Organisation Data Service data, licensed under the{' '}
            <OpenGovernmentLicence />.
          </li>
          <li>
            Contains public sector information from the NHS website (nhs.uk): GP practice and
            pharmacy contact details and NHS clinics, licensed under the <OpenGovernmentLicence />.
          </li>
          <li>Library data from Libraries Hacked (librarydata-db, MIT).</li>
          <li>
            Food bank data from Give Food (<a href="https://www.givefood.org.uk">givefood.org.uk</a>
            ), <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>; filtered and
            reformatted.
          </li>
          <li>
            National helplines: each number was checked on the organisation&apos;s own website; we
            show them to say who to call, not to endorse anyone.
          </li>
        </ul>
      </section>
    </ContentPage>
  );
}
