import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildServiceDetail } from '@/testing/factories';
import { ServiceDetailFields } from './service-detail-fields';

const ODS = {
  source: 'nhs-ods',
  sourceName: 'NHS ODS egdpprac (general dental practices)',
  licence: 'Open Government Licence v3.0',
  lastUpdated: '2024-05-01',
};

/** The "Source" row's description. */
const sourceRow = () => screen.getByText('Source').nextElementSibling as HTMLElement;

describe('ServiceDetailFields provenance (decision 028)', () => {
  it('credits every source of a place listed by two records, one line each', () => {
    render(
      <ServiceDetailFields
        service={buildServiceDetail({
          provenance: {
            ...ODS,
            alsoFrom: [
              { ...ODS, sourceRecordId: 'V21656' },
              {
                source: 'givefood',
                sourceName: 'Give Food',
                sourceRecordId: null,
                licence: 'CC BY 4.0',
                lastUpdated: null,
              },
            ],
          },
        })}
        distance={null}
      />,
    );

    expect(sourceRow()).toHaveTextContent(
      'NHS ODS egdpprac (general dental practices). Licence: Open Government Licence v3.0.',
    );
    expect(Array.from(sourceRow().querySelectorAll('li'), (item) => item.textContent)).toEqual([
      'Also listed in NHS ODS egdpprac (general dental practices), record V21656. Licence: Open Government Licence v3.0.',
      'Also listed in Give Food. Licence: CC BY 4.0.',
    ]);
  });

  it('adds nothing for a record that is its place alone', () => {
    render(<ServiceDetailFields service={buildServiceDetail()} distance={null} />);

    expect(sourceRow().querySelector('li')).toBeNull();
    expect(sourceRow()).not.toHaveTextContent('Also listed');
  });
});

// Issue 25: imported javascript: websites were rendered as links.
describe('ServiceDetailFields website', () => {
  it('links an http(s) website', () => {
    render(
      <ServiceDetailFields
        service={buildServiceDetail({ website: 'https://example.org/food' })}
        distance={null}
      />,
    );

    expect(screen.getByRole('link', { name: /https:\/\/example\.org\/food/ })).toHaveAttribute(
      'href',
      'https://example.org/food',
    );
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('shows %j as plain text, never a link', (website) => {
    const { container } = render(
      <ServiceDetailFields service={buildServiceDetail({ website })} distance={null} />,
    );

    expect(screen.getByText(website)).not.toHaveAttribute('href');
    expect(container.querySelector(`a[href^="${website.slice(0, 5)}"]`)).toBeNull();
  });
});

describe('ServiceDetailFields contact details (issue 26)', () => {
  it('says where each contact detail came from and when', () => {
    render(
      <ServiceDetailFields
        service={buildServiceDetail({
          website: 'https://www.squireslanemedicalpractice.co.uk/',
          email: 'squireslanemedicalpractice@nhs.net',
          contactSources: {
            phone: { source: 'the NHS Organisation Data Service register', asOf: '2023-12' },
            website: { source: 'NHS website data', asOf: '2019-05' },
            email: { source: 'NHS website data', asOf: '2019-05' },
          },
        })}
        distance={null}
      />,
    );

    const row = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(row('Phone')).toHaveTextContent(
      'From the NHS Organisation Data Service register, December 2023',
    );
    expect(row('Website')).toHaveTextContent('From NHS website data, May 2019');
    expect(row('Email')).toHaveTextContent('From NHS website data, May 2019');
  });

  it('sends a person to the NHS website for a dentist Locals has no phone number for', () => {
    render(
      <ServiceDetailFields
        service={buildServiceDetail({
          name: 'Bright Smile Dental Care',
          postcode: 'BS1 4DJ',
          phones: [],
          phone: null,
          phoneLinks: [],
          serviceTypes: ['Dentist', 'NHS dental practice'],
          provenance: {
            source: 'nhs-ods',
            sourceName: 'NHS ODS egdpprac (general dental practices)',
            licence: 'Open Government Licence v3.0',
            lastUpdated: '2024-05',
          },
        })}
        distance={null}
      />,
    );

    expect(screen.queryByText('Phone', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Locals does not have its phone number/)).toBeVisible();
    const link = screen.getByRole('link', {
      name: "Find this practice's phone number on the NHS website (opens in a new tab)",
    });
    expect(link).toHaveAttribute('href', 'https://www.nhs.uk/service-search/find-a-dentist');
    expect(link.parentElement).toHaveTextContent(
      'Search for its name, Bright Smile Dental Care or its postcode, BS1 4DJ.',
    );
  });

  it('offers no NHS search for a place that is not the NHS', () => {
    render(
      <ServiceDetailFields
        service={buildServiceDetail({ phones: [], phone: null, phoneLinks: [], website: null })}
        distance={null}
      />,
    );

    expect(screen.getByText(/^Locals does not have its phone number/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /NHS website/ })).not.toBeInTheDocument();
  });
});
