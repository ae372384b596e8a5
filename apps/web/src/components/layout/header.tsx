import type { Role } from '@locals/contracts/auth';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { MainNav } from './main-nav';

type HeaderProps = {
  isSignedIn: boolean;
  /** The signed-in person's roles, which add their pages to the navigation. */
  roles?: readonly Role[] | undefined;
  /** Font-size selector and the sign-in control, supplied by the app shell. */
  tools: ReactNode;
};

export function Header({ isSignedIn, roles, tools }: HeaderProps) {
  return (
    <header className="border-b-8 border-brand-dark">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <div className="flex flex-wrap items-end gap-3">{tools}</div>
      </div>
      <div className="bg-brand">
        <div className="mx-auto max-w-6xl px-4 py-2">
          <MainNav isSignedIn={isSignedIn} roles={roles} />
        </div>
      </div>
    </header>
  );
}
