import { useEffect } from 'react';
import { useDocumentHead } from '@/lib/document-head';

/** "{title} – Locals": the browser tab's name, and the `<title>` of the page from the server. */
export function useDocumentTitle(title: string): void {
  const fullTitle = `${title} – Locals`;
  useDocumentHead()?.claimTitle(fullTitle);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
