import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

/** The Cookie header of the request a page is rendered for on the server (decision 018). */
const RequestCookiesContext = createContext<string | null>(null);

export function RequestCookiesProvider({
  cookieHeader,
  children,
}: {
  cookieHeader: string;
  children: ReactNode;
}) {
  return <RequestCookiesContext value={cookieHeader}>{children}</RequestCookiesContext>;
}

/** A cookie's value in a Cookie header (or `document.cookie`), or null. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * A cookie page scripts may read, the same on the server (from the request) and in the browser
 * (from document.cookie), so what the server rendered from it hydrates without a mismatch.
 */
export function useRequestCookie(name: string): string | null {
  const header = useContext(RequestCookiesContext);
  if (header !== null) return cookieValue(header, name);
  return typeof document === 'undefined' ? null : cookieValue(document.cookie, name);
}
