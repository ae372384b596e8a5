import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

/**
 * The page's `<title>` as the server renders it (decision 036: a page without JavaScript, a
 * bookmark and a search engine see the page's own title, not the site's). The first title
 * rendered is kept: the outermost page's, as in the browser, where the outermost component's
 * effect runs last and sets `document.title`.
 */
export type DocumentHead = { claimTitle(title: string): void; title(): string | null };

export function createDocumentHead(): DocumentHead {
  let title: string | null = null;
  return {
    claimTitle: (claimed) => {
      title ??= claimed;
    },
    title: () => title,
  };
}

const DocumentHeadContext = createContext<DocumentHead | null>(null);

export function DocumentHeadProvider({
  head,
  children,
}: {
  head: DocumentHead;
  children: ReactNode;
}) {
  return <DocumentHeadContext value={head}>{children}</DocumentHeadContext>;
}

/** The server's record of the page's head; null in the browser, which sets the document's. */
export function useDocumentHead(): DocumentHead | null {
  return useContext(DocumentHeadContext);
}
