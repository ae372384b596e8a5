import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from './logo';

const QUICK_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About Us' },
  { to: paths.support, label: 'Support' },
  { to: paths.events, label: 'Events' },
];

const LEGAL_LINKS = [
  { to: paths.terms, label: 'Terms & Conditions' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.cookies, label: 'Cookie Policy' },
];

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-2 text-lg font-bold">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-block py-2 text-white visited:text-white hover:text-white"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ children }: { children?: ReactNode }) {
  return (
    <footer className="mt-12 bg-brand-dark text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Logo tone="light" />
          <p className="mt-3 max-w-prose">
            A free directory of local health, help and support services, run with and for the
            communities it serves. If you are in danger or need urgent medical help, call 999.
          </p>
        </div>
        <FooterLinks title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t border-white/40">
        <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-2 px-4 py-4">
          <p>© {new Date().getFullYear()} Locals</p>
          {children}
        </div>
      </div>
    </footer>
  );
}
