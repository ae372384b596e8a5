import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { BackToHomeLink } from './back-to-home-link';

type ContentPageProps = {
  title: string;
  /** Shorter text for the browser tab when the heading is long. */
  documentTitle?: string;
  lede?: ReactNode;
  children: ReactNode;
};

export function ContentPage({ title, documentTitle, lede, children }: ContentPageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <BackToHomeLink />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">{title}</h1>
      {lede && <p className="mb-6 max-w-prose text-xl text-muted">{lede}</p>}
      <div className="prose-page">{children}</div>
    </div>
  );
}
