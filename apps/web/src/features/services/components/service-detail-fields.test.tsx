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
