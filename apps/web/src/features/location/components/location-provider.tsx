import { formatPostcode } from '@locals/contracts/postcode';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { useBrowserValue } from '@/hooks/use-browser-value';
import { isApiError } from '@/lib/api-client';
import { reverseGeocodeQueryOptions } from '../api/reverse-geocode';
import {
  NOT_SUPPORTED_MESSAGE,
  geolocationErrorMessage,
  getCurrentPosition,
  isGeolocationSupported,
  isLocationRefused,
} from '../geolocation';
import { LocationContext } from '../location-context';
import type { DetectedLocation } from '../location-context';
import { forgetStoredPostcode, readStoredPostcode, storePostcode } from '../location-storage';

const NOTHING_DETECTED: DetectedLocation = {
  postcode: '',
  autoDetected: false,
  status: 'idle',
  error: null,
};

function locationFrom(stored: string | null): DetectedLocation {
  if (stored === null) return NOTHING_DETECTED;
  if (stored === '') return { postcode: '', autoDetected: false, status: 'cleared', error: null };
  return { postcode: stored, autoDetected: true, status: 'detected', error: null };
}

// A failure is said once, in LocationStatus beside "Use my location" (no toast
// repeating it), in words that say what to do next.
const failures = {
  notSupported: NOT_SUPPORTED_MESSAGE,
  noPostcode: 'We could not find a postcode for your location. Enter a postcode instead.',
  lookupFailed: 'We could not look up the postcode for your location. Enter a postcode instead.',
};

export function LocationProvider({ children }: { children: ReactNode }) {
  // The server cannot see this visit's stored postcode: it renders none, and so does the
  // browser's first render of that HTML; the stored one follows straight after (decision 018).
  const storedPostcode = useBrowserValue(readStoredPostcode, null);
  // Set by detecting or clearing, which also store what they found.
  const [found, setLocation] = useState<DetectedLocation | null>(null);
  const location = found ?? locationFrom(storedPostcode);
  // The ref knows the stored status at once, so a page's automatic detection does not run for
  // a visit that already has a postcode (or cleared it).
  const statusRef = useRef(
    typeof window === 'undefined' ? 'idle' : locationFrom(readStoredPostcode()).status,
  );
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const update = useCallback((next: DetectedLocation) => {
    statusRef.current = next.status;
    setLocation(next);
  }, []);

  /** `asked`: the person chose "Use my location", rather than a page starting by itself. */
  const detect = useCallback(
    async (asked: boolean) => {
      function fail(error: string) {
        update({ postcode: '', autoDetected: false, status: 'failed', error });
      }

      forgetStoredPostcode();
      update({ postcode: '', autoDetected: false, status: 'detecting', error: null });
      if (!isGeolocationSupported()) return fail(failures.notSupported);

      let position: GeolocationPosition;
      try {
        position = await getCurrentPosition();
      } catch (error) {
        // Decision 036: a refusal the person was not asking about (a page's own detection, every
        // visit once they have said no) is theirs to make, not news: nothing is said until they
        // choose "Use my location". This visit does not ask again by itself.
        if (!asked && isLocationRefused(error)) {
          return update({ postcode: '', autoDetected: false, status: 'cleared', error: null });
        }
        return fail(geolocationErrorMessage(error));
      }

      try {
        const { latitude, longitude } = position.coords;
        const place = await queryClient.fetchQuery(
          reverseGeocodeQueryOptions({ latitude, longitude }),
        );
        const postcode = formatPostcode(place.postcode);
        storePostcode(postcode);
        update({ postcode, autoDetected: true, status: 'detected', error: null });
        toast({
          title: 'Location detected',
          description: `Your location has been set to ${postcode}`,
        });
      } catch (error) {
        const isNoPostcode = isApiError(error) && error.status >= 400 && error.status < 500;
        fail(isNoPostcode ? failures.noPostcode : failures.lookupFailed);
      }
    },
    [queryClient, toast, update],
  );

  const startAutomaticDetection = useCallback(() => {
    // The ref, not state, so React StrictMode's second effect run does not detect twice.
    if (statusRef.current === 'idle') void detect(false);
  }, [detect]);
  const detectLocation = useCallback(() => void detect(true), [detect]);
  const clearLocation = useCallback(() => {
    storePostcode('');
    update({ postcode: '', autoDetected: false, status: 'cleared', error: null });
  }, [update]);

  const value = useMemo(
    () => ({ ...location, startAutomaticDetection, detectLocation, clearLocation }),
    [location, startAutomaticDetection, detectLocation, clearLocation],
  );

  return <LocationContext value={value}>{children}</LocationContext>;
}
