export type Session = { isSignedIn: false } | { isSignedIn: true; displayName: string };

/**
 * The identity issue replaces this with the real session (spec 6). Until then everybody is
 * signed out, so signed-in-only links such as Bookmarks stay hidden.
 */
export function useSession(): Session {
  return { isSignedIn: false };
}
