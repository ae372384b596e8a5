import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { keepScroll } from '@/lib/scroll-state';

/** History state of an entry pushed to open an item, so closing it can go Back. */
function openedHere(param: string) {
  return { openedInUrl: param };
}

function wasOpenedHere(state: unknown, param: string): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'openedInUrl' in state &&
    state.openedInUrl === param
  );
}

/**
 * The item whose details are open over a list (`serviceId` on /results, `eventId` on /events),
 * kept in the URL so links to it can be shared. Opening pushes a history entry, so Back closes
 * it; closing what was opened here goes Back too, so history does not pile up, while a shared
 * link's item closes in place.
 */
export function useItemInUrl(param: string) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const historyState: unknown = useLocation().state;

  function setId(id: string | null, options: { replace: boolean; state?: object }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(param, id);
        else next.delete(param);
        return next;
      },
      { replace: options.replace, state: keepScroll(options.state) },
    );
  }

  return {
    id: params.get(param),
    open: (id: string) => setId(id, { replace: false, state: openedHere(param) }),
    close: () => {
      if (wasOpenedHere(historyState, param)) void navigate(-1);
      else setId(null, { replace: true });
    },
  };
}
