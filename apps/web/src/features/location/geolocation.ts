/** Spec 9: high accuracy, a 10 s timeout, and a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

export const NOT_SUPPORTED_MESSAGE = 'Geolocation is not supported by this browser';

/** Spec 8: the geolocation messages, by GeolocationPositionError code. */
export function geolocationErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  switch (code) {
    case 1:
      return 'Location access denied by user';
    case 2:
      return 'Location information is unavailable';
    case 3:
      return 'Location request timed out';
    default:
      return 'An unknown error occurred';
  }
}

export function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
}

export function getCurrentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS);
  });
}
