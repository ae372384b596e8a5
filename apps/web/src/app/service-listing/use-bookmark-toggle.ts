import { useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import {
  bookmarkFailedToast,
  useBookmarkedServiceIds,
  useBookmarks,
  useChangeBookmark,
} from '@/features/bookmarks/api/bookmarks';

/**
 * The SAVE toggle on a card and the Bookmark toggle in the detail (spec 4 and 8). Nothing changes
 * on screen until the server has answered and the bookmarks are read again, so a failure leaves
 * the toggle as it was.
 */
export function useBookmarkToggle(serviceId: string) {
  const bookmarks = useBookmarks();
  const bookmarkedIds = useBookmarkedServiceIds();
  const changeBookmark = useChangeBookmark();
  const { toast } = useToast();
  // Set in the click handler, so a double click cannot send a second, racing request.
  const [isSending, setIsSending] = useState(false);
  const isBookmarked = bookmarkedIds.has(serviceId);
  // Until the bookmarks have loaded the toggle's state is unknown, and the reading after a change
  // would join that first, older request and show the change undone.
  const isBusy = isSending || bookmarks.isPending;

  // mutateAsync: closing the detail (or the card leaving the list) mid-request unmounts this
  // hook, which would silently drop mutate's own callbacks, and with them the toast.
  async function change(bookmarked: boolean) {
    try {
      await changeBookmark.mutateAsync({ type: 'service', id: serviceId, bookmarked });
      toast(
        bookmarked
          ? { title: 'Bookmarked!', description: 'Service added to your bookmarks.' }
          : { title: 'Bookmark Removed', description: 'Service removed from your bookmarks.' },
      );
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
