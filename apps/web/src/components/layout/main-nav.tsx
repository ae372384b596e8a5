import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Role } from '@locals/contracts/auth';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';

type MainNavProps = {
  isSignedIn: boolean;
  /** What else the signed-in person may do (decision 023): manage listings, moderate. */
  roles?: readonly Role[] | undefined;
  /** Shown at the end of the menu on a phone only, where the header has no room for it. */
  phoneOnly?: ReactNode;
};

export function MainNav({ isSignedIn, roles = [], phoneOnly }: MainNavProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuToggleRef = useRef<HTMLElement>(null);

  const links = [
    { to: paths.home, label: 'Home' },
    { to: paths.search, label: 'Search' },
    { to: paths.events, label: 'Events' },
    { to: paths.about, label: 'About Us' },
    { to: paths.listServices, label: 'List your services' },
    ...(isSignedIn
      ? [
          { to: paths.bookmarks, label: 'Bookmarks' },
          // Anyone signed in may add a community event (decision 038).
          { to: paths.myEvents, label: 'My events' },
        ]
      : []),
    ...(isSignedIn && roles.includes('provider')
      ? [{ to: paths.myListings, label: 'My listings' }]
      : []),
    ...(isSignedIn && roles.includes('moderator')
      ? [{ to: paths.moderation, label: 'Moderation' }]
      : []),
  ];

  useEffect(() => {
    if (!isMenuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuToggleRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  return (
    // One <nav> and one list for both layouts. On a phone the list is behind Menu, a native
    // disclosure (<details>) that opens without JavaScript too (decision 036); from the md
    // breakpoint it is always shown and Menu is not. A browser that cannot show a closed
    // disclosure's content (no ::details-content) keeps Menu on wide screens as well.
    <nav aria-label="Main">
      <details
        open={isMenuOpen}
        onToggle={(event) => setIsMenuOpen(event.currentTarget.open)}
        className="md:details-content:[content-visibility:visible]"
      >
        <summary
          ref={menuToggleRef}
          className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded border-2 border-white px-3 text-lg font-semibold text-white supports-[selector(::details-content)]:md:hidden [&::-webkit-details-marker]:hidden"
        >
          {isMenuOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
          Menu
        </summary>
        <ul className="mt-2 flex flex-col md:mt-0 md:flex-row md:flex-wrap md:gap-x-1">
          {links.map((link) => (
            <li key={link.to} className="border-b border-white/30 last:border-b-0 md:border-b-0">
              <NavLink
                to={link.to}
                end={link.to === paths.home}
                onClick={() => setIsMenuOpen(false)}
                className={({ isActive }) =>
                  clsx(
                    'block min-h-11 px-2 py-2.5 text-lg font-semibold text-white no-underline visited:text-white hover:text-white hover:underline',
                    isActive && 'underline decoration-4 underline-offset-8',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {phoneOnly && <div className="md:hidden">{phoneOnly}</div>}
      </details>
    </nav>
  );
}
