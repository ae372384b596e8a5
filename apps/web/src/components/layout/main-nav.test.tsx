import type { Role } from '@locals/contracts/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { MainNav } from './main-nav';

describe('MainNav', () => {
  /** The phone menu: a native disclosure, so it opens without JavaScript too (issue 28). */
  function phoneMenu() {
    const toggle = screen.getByText('Menu').closest('summary');
    const disclosure = toggle?.closest('details');
    if (!toggle || !disclosure) throw new Error('Menu is not a <summary> of a <details>');
    return { toggle, disclosure };
  }

  it('opens and closes the phone menu as a native disclosure', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MainNav isSignedIn={false} />);
    const { toggle, disclosure } = phoneMenu();
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getAllByRole('link', { hidden: true })[0]?.closest('details')).toBe(
      disclosure,
    );

    expect(disclosure).not.toHaveAttribute('open');
    await user.click(toggle);
    expect(disclosure).toHaveAttribute('open');
    await user.click(toggle);
    expect(disclosure).not.toHaveAttribute('open');
  });

  it('closes on Escape and gives focus back to Menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MainNav isSignedIn={false} />);
    const { toggle, disclosure } = phoneMenu();

    await user.click(toggle);
    await user.tab();
    await user.keyboard('{Escape}');

    expect(disclosure).not.toHaveAttribute('open');
    expect(toggle).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<MainNav isSignedIn={false} />);
    const { toggle, disclosure } = phoneMenu();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'About Us' }));

    expect(router.state.location.pathname).toBe('/about');
    expect(disclosure).not.toHaveAttribute('open');
  });

  it.each([
    [false, ['Home', 'Search', 'Events', 'About Us', 'List your services']],
    [
      true,
      ['Home', 'Search', 'Events', 'About Us', 'List your services', 'Bookmarks', 'My events'],
    ],
  ])('when signed in is %s it links to %j', (isSignedIn, labels) => {
    renderWithProviders(<MainNav isSignedIn={isSignedIn} />);
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    const links = within(navigation).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(labels);
  });

  const SIGNED_IN = [
    'Home',
    'Search',
    'Events',
    'About Us',
    'List your services',
    'Bookmarks',
    'My events',
  ];

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
    expect(screen.getByRole('link', { name: 'My events', hidden: true })).toHaveAttribute(
      'href',
      '/my-events',
    );
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
