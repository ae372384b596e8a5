import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

type AuthPageProps = { title: string; children: ReactNode };

/** The narrow one-column frame of the sign-in and reset-password pages. */
export function AuthPage({ title, children }: AuthPageProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-4xl font-extrabold sm:text-5xl">{title}</h1>
      {children}
    </div>
  );
}
