import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** History state of an entry pushed to open a service, so closing it can go Back. */
const OPENED_HERE = { openedService: true };

function wasOpenedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'openedService' in state;
}

/**
 * The service open over the results, kept in the URL's serviceId so links to it can be shared.
 * Opening pushes a history entry, so Back closes it (issue 10); closing what was opened here
 * goes Back too, so history does not pile up, while a shared link's service closes in place.
 */
export function useServiceInUrl() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const historyState: unknown = useLocation().state;

  function setServiceId(id: string | null, options: { replace: boolean; state?: object }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('serviceId', id);
        else next.delete('serviceId');
        return next;
      },
      { ...options, preventScrollReset: true },
    );
  }

  return {
    serviceId: params.get('serviceId'),
    open: (id: string) => setServiceId(id, { replace: false, state: OPENED_HERE }),
    close: () => {
      if (wasOpenedHere(historyState)) void navigate(-1);
      else setServiceId(null, { replace: true });
    },
  };
}
