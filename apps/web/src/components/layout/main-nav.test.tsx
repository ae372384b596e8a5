import type { Role } from '@locals/contracts/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { MainNav } from './main-nav';

describe('MainNav', () => {
  it('opens and closes the mobile menu, saying so with aria-expanded', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MainNav isSignedIn={false} />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveAttribute('aria-controls', 'main-navigation');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the Menu button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MainNav isSignedIn={false} />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });

    await user.click(menuButton);
    await user.tab();
    await user.keyboard('{Escape}');

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<MainNav isSignedIn={false} />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });

    await user.click(menuButton);
    await user.click(screen.getByRole('link', { name: 'About Us' }));

    expect(router.state.location.pathname).toBe('/about');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    [false, ['Home', 'Search', 'Events', 'About Us', 'List your services']],
    [true, ['Home', 'Search', 'Events', 'About Us', 'List your services', 'Bookmarks']],
  ])('when signed in is %s it links to %j', (isSignedIn, labels) => {
    renderWithProviders(<MainNav isSignedIn={isSignedIn} />);
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    const links = within(navigation).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(labels);
  });

  const SIGNED_IN = ['Home', 'Search', 'Events', 'About Us', 'List your services', 'Bookmarks'];

  it.each<[Role[], string[]]>([
    [[], SIGNED_IN],
    [['provider'], [...SIGNED_IN, 'My listings']],
    [['moderator'], [...SIGNED_IN, 'Moderation']],
    [
      ['provider', 'moderator'],
      [...SIGNED_IN, 'My listings', 'Moderation'],
    ],
  ])('with the roles %j it links to %j', (roles, labels) => {
    renderWithProviders(<MainNav isSignedIn roles={roles} />);
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    const links = within(navigation).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(labels);
  });

  it('links to the provider and moderator pages', () => {
    renderWithProviders(<MainNav isSignedIn roles={['provider', 'moderator']} />);
    expect(screen.getByRole('link', { name: 'My listings', hidden: true })).toHaveAttribute(
      'href',
      '/my-listings',
    );
    expect(screen.getByRole('link', { name: 'Moderation', hidden: true })).toHaveAttribute(
      'href',
      '/moderation',
    );
  });

  it('shows no role links to someone signed out, whatever roles it is given', () => {
    renderWithProviders(<MainNav isSignedIn={false} roles={['provider', 'moderator']} />);
    expect(screen.queryByRole('link', { name: 'My listings', hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderation', hidden: true })).toBeNull();
  });
});
