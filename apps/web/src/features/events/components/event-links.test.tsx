import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEvent } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';
import { EventLinks } from './event-links';

// Issue 25: imported javascript: links were rendered as the event's buttons.
describe('EventLinks', () => {
  it('links an http(s) registration link and website', () => {
    renderWithProviders(
      <EventLinks
        event={buildEvent({
          registrationRequired: true,
          registrationLink: 'https://hall.example/book',
          website: 'https://hall.example',
        })}
        canShare={false}
      />,
    );

    expect(screen.getByRole('link', { name: /Register for Event/ })).toHaveAttribute(
      'href',
      'https://hall.example/book',
    );
    expect(screen.getByRole('link', { name: /Visit Website/ })).toHaveAttribute(
      'href',
      'https://hall.example',
    );
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('renders no link to %j, offering directions instead', (link) => {
    const { container } = renderWithProviders(
      <EventLinks
        event={buildEvent({ registrationRequired: true, registrationLink: link, website: link })}
        canShare={false}
      />,
    );

    expect(screen.queryByRole('link', { name: /Register for Event/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Visit Website/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Get Directions/ })).toBeInTheDocument();
    for (const anchor of container.querySelectorAll('a')) {
      expect(anchor.getAttribute('href')).toMatch(/^(https:|\/)/);
    }
  });

  // Issue 26: all 17 example events said "Do not go to it" yet offered Get Directions.
  it('offers an example event neither directions nor registration', () => {
    renderWithProviders(
      <EventLinks
        event={buildEvent({
          isDemo: true,
          registrationRequired: true,
          registrationLink: 'https://hall.example/book',
        })}
        canShare={false}
      />,
    );

    expect(screen.queryByRole('link', { name: /Get Directions/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Register for Event/ })).toBeNull();
    expect(screen.getByRole('link', { name: /calendar/i })).toBeInTheDocument();
  });
});
