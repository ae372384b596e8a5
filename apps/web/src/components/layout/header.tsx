import type { Role } from '@locals/contracts/auth';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { MainNav } from './main-nav';

type HeaderProps = {
  isSignedIn: boolean;
  /** The signed-in person's roles, which add their pages to the navigation. */
  roles?: readonly Role[] | undefined;
  /** The sign-in control (or who is signed in), supplied by the app shell. */
  account: ReactNode;
  /** The text size control, with the id its label points at: it is in the menu on a phone. */
  textSize: (id: string) => ReactNode;
};

/**
 * On a phone the header is two short rows, the logo with Sign In and then Menu (decision 036): the
 * tagline is left out and the text size is in the menu, so the page's first result is on the
 * first screen. From the md breakpoint the text size sits beside Sign In again.
 */
export function Header({ isSignedIn, roles, account, textSize }: HeaderProps) {
  return (
    <header className="border-b-8 border-brand-dark">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 md:py-3">
        <Logo />
        <div className="flex flex-wrap items-end gap-3">
          {account}
          <div className="max-md:hidden">{textSize('font-size')}</div>
        </div>
      </div>
      <div className="bg-brand">
        <div className="mx-auto max-w-6xl px-4 py-1 md:py-2">
          <MainNav
            isSignedIn={isSignedIn}
            roles={roles}
            phoneOnly={<div className="py-3 text-white">{textSize('font-size-menu')}</div>}
          />
        </div>
      </div>
    </header>
  );
}
