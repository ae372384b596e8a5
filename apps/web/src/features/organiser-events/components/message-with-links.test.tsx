import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { MessageWithLinks } from './message-with-links';

describe('MessageWithLinks', () => {
  it.each([
    [
      'a path to an event on this site',
      'It is already listed at /events?eventId=ical-abc.',
      '/events?eventId=ical-abc',
    ],
    [
      'a web address',
      'See https://example.org/walks, then try again.',
      'https://example.org/walks',
    ],
  ])('makes %s a link, leaving the full stop out', (_case, message, address) => {
    renderWithProviders(<MessageWithLinks message={message} />);
    expect(screen.getByRole('link', { name: address })).toHaveAttribute('href', address);
  });

  it('leaves words without an address as they are, and never runs markup', () => {
    const { container } = renderWithProviders(
      <MessageWithLinks message={'<a href="javascript:alert(1)">x</a> /about is not linked'} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent('<a href="javascript:alert(1)">x</a> /about is not linked');
  });
});
