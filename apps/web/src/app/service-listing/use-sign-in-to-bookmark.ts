import { useLocation } from 'react-router';
import { useToast } from '@/components/ui/toast-context';
import { returnToFor, signInUrl } from '@/features/auth/api/start-sign-in';
import type { BookmarkTarget } from '@/features/bookmarks/api/bookmarks';

/**
 * Signed out, Bookmark (or Save) on a service or an event says why in a toast, with a link to
 * sign in that comes back to this page (decision 036: one behaviour for both, never a dead end).
 */
export function useSignInToBookmark(type: BookmarkTarget['type']): () => void {
  const { toast } = useToast();
  const location = useLocation();
  return () =>
    toast({
      title: 'Authentication Required',
      description: `You must log in to bookmark ${type}s.`,
      action: {
        label: 'Sign in',
        href: signInUrl(returnToFor(location)),
        altText: 'Sign in with the Sign In button at the top of the page.',
      },
    });
}
