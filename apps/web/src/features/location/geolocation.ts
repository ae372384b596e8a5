/** High accuracy, a 10 s timeout, and a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

export const NOT_SUPPORTED_MESSAGE =
  'This browser cannot share your location. Enter a postcode instead.';
const COULD_NOT_GET = 'We could not get your location. Enter a postcode instead.';
export const NOT_SHARED_MESSAGE =
  "Your browser is not sharing your location with Locals. Enter a postcode instead, or allow location for this site in your browser's settings.";

/** GeolocationPositionError.PERMISSION_DENIED: the person (or their browser) said no. */
export function isLocationRefused(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 1;
}

/**
 * The geolocation messages, by GeolocationPositionError code: each says what to do next, and
 * none blames the person (as "Location access denied by user" would).
 */
export function geolocationErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 1) return NOT_SHARED_MESSAGE;
  return code === 3
    ? 'Finding your location took too long. Enter a postcode instead.'
    : COULD_NOT_GET;
}

export function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
}

export function getCurrentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS);
  });
}
