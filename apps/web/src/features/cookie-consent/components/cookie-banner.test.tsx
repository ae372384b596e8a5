import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { CookieBanner } from './cookie-banner';

function banner() {
  return screen.queryByRole('region', { name: 'Cookie consent' });
}

describe('CookieBanner', () => {
  it('is shown when no choice is stored, with links to the terms and cookie policy', () => {
    renderWithProviders(<CookieBanner />);

    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookies');
  });

  it('offers Reject, Accept All and Close in that order, Reject as prominent as Accept All', () => {
    renderWithProviders(<CookieBanner />);

    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Reject',
      'Accept All',
      'Close cookie message',
    ]);
    expect(buttons[0]?.className).toBe(buttons[1]?.className);
  });

  it.each([
    ['Accept All', 'accepted'],
    ['Reject', 'rejected'],
  ])('%s stores "%s" with the date and hides the banner', async (button, stored) => {
    const user = userEvent.setup();
    renderWithProviders(<CookieBanner />);

    await user.click(screen.getByRole('button', { name: button }));

    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem('cookieConsent')).toBe(stored);
    const date = localStorage.getItem('cookieConsentDate') ?? '';
    expect(new Date(date).toISOString()).toBe(date);
  });

  it('Close hides the banner for this visit and stores nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CookieBanner />);

    await user.click(screen.getByRole('button', { name: /^Close/ }));

    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });

  it.each(['accepted', 'rejected'])('is not shown when "%s" is already stored', (stored) => {
    localStorage.setItem('cookieConsent', stored);
    renderWithProviders(<CookieBanner />);
    expect(banner()).not.toBeInTheDocument();
  });
});
