import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestCookiesProvider } from '@/lib/request-cookies';
import { renderWithProviders } from '@/testing/render';
import { CookieBanner } from './cookie-banner';

afterEach(() => {
  document.cookie = 'cookieConsent=; Path=/; Max-Age=0';
  document.cookie = 'cookieMessageClosed=; Path=/; Max-Age=0';
});

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
    // The server reads the cookie to leave the banner out of the next page it renders.
    expect(document.cookie).toContain(`cookieConsent=${stored}`);
    const date = localStorage.getItem('cookieConsentDate') ?? '';
    expect(new Date(date).toISOString()).toBe(date);
  });

  it('Close hides the banner for this visit (a session cookie) and stores nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CookieBanner />);

    await user.click(screen.getByRole('button', { name: /^Close/ }));

    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toContain('cookieMessageClosed=1');
    expect(document.cookie).not.toContain('cookieConsent');
  });

  it('is a form the server answers without JavaScript, returning to this page', () => {
    renderWithProviders(<CookieBanner />, { path: '/results?postcode=BS1+4DJ' });

    const form = banner()?.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/cookies');
    expect(form?.querySelector('input[name="returnTo"]')).toHaveValue('/results?postcode=BS1+4DJ');
    const choices = screen
      .getAllByRole('button')
      .map((button) => [
        button.getAttribute('type'),
        button.getAttribute('name'),
        button.getAttribute('value'),
      ]);
    expect(choices).toEqual([
      ['submit', 'choice', 'rejected'],
      ['submit', 'choice', 'accepted'],
      ['submit', 'choice', 'closed'],
    ]);
  });

  it.each([
    ['cookieConsent=rejected', 'a choice made without JavaScript'],
    ['cookieMessageClosed=1', 'the message closed without JavaScript'],
  ])('is not shown in the browser after %s (%s)', (cookie) => {
    document.cookie = `${cookie}; Path=/`;
    renderWithProviders(<CookieBanner />);
    expect(banner()).not.toBeInTheDocument();
  });

  it.each(['accepted', 'rejected'])('is not shown when "%s" is already stored', (stored) => {
    localStorage.setItem('cookieConsent', stored);
    renderWithProviders(<CookieBanner />);
    expect(banner()).not.toBeInTheDocument();
  });

  it.each([
    ['', true],
    ['locals_session=abc', true],
    ['cookieConsent=accepted', false],
    ['x=1; cookieConsent=rejected', false],
    ['cookieMessageClosed=1', false],
  ])('rendered on the server for the cookies "%s", shows the banner: %s', (cookieHeader, shown) => {
    const html = renderToString(
      <RequestCookiesProvider cookieHeader={cookieHeader}>
        <MemoryRouter>
          <CookieBanner />
        </MemoryRouter>
      </RequestCookiesProvider>,
    );
    expect(html.includes('Cookies on Locals')).toBe(shown);
  });

  it('gives a choice stored before the cookie existed its cookie', () => {
    localStorage.setItem('cookieConsent', 'rejected');
    renderWithProviders(<CookieBanner />);
    expect(document.cookie).toContain('cookieConsent=rejected');
  });
});
