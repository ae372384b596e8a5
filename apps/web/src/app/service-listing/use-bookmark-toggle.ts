import { useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import type { ToastOptions } from '@/components/ui/toast-context';
import {
  bookmarkFailedToast,
  useBookmarkedIds,
  useBookmarks,
  useChangeBookmark,
} from '@/features/bookmarks/api/bookmarks';
import type { BookmarkTarget } from '@/features/bookmarks/api/bookmarks';

/** The toasts for an add and a removal ('Event removed from bookmarks.' for events). */
const CHANGED_TOASTS: Record<BookmarkTarget['type'], Record<'added' | 'removed', ToastOptions>> = {
  service: {
    added: { title: 'Bookmarked!', description: 'Service added to your bookmarks.' },
    removed: { title: 'Bookmark Removed', description: 'Service removed from your bookmarks.' },
  },
  event: {
    added: { title: 'Bookmarked!', description: 'Event added to your bookmarks.' },
    removed: { title: 'Bookmark Removed', description: 'Event removed from bookmarks.' },
  },
};

/**
 * The SAVE toggle on a card and the Bookmark toggle in a service's or an event's details.
 * Nothing changes on screen until the server has answered and the bookmarks are read again, so
 * a failure leaves the toggle as it was.
 */
export function useBookmarkToggle(target: BookmarkTarget) {
  const bookmarks = useBookmarks();
  const bookmarkedIds = useBookmarkedIds(target.type);
  const changeBookmark = useChangeBookmark();
  const { toast } = useToast();
  // Set in the click handler, so a double click cannot send a second, racing request.
  const [isSending, setIsSending] = useState(false);
  const isBookmarked = bookmarkedIds.has(target.id);
  // Until the bookmarks have loaded the toggle's state is unknown, and the reading after a change
  // would join that first, older request and show the change undone.
  const isBusy = isSending || bookmarks.isPending;

  // mutateAsync: closing the detail (or the card leaving the list) mid-request unmounts this
  // hook, which would silently drop mutate's own callbacks, and with them the toast.
  async function change(bookmarked: boolean) {
    try {
      await changeBookmark.mutateAsync({ ...target, bookmarked });
      toast(CHANGED_TOASTS[target.type][bookmarked ? 'added' : 'removed']);
    } catch (error) {
      toast(bookmarkFailedToast(error));
    } finally {
      setIsSending(false);
    }
  }

  function toggle() {
    if (isBusy) return;
    setIsSending(true);
    void change(!isBookmarked);
  }

  return { isBookmarked, isBusy, toggle };
}
