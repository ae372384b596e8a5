import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

const DETECTED_POSTCODE_KEY = 'detectedPostcode';
const ERROR_SHOWN_KEY = 'locationErrorShown';

/** The detected postcode, '' once the person cleared it, null when nothing happened yet. */
export function readStoredPostcode(): string | null {
  return readStorage(sessionStorage, DETECTED_POSTCODE_KEY);
}

export function storePostcode(postcode: string): void {
  writeStorage(sessionStorage, DETECTED_POSTCODE_KEY, postcode);
}

export function forgetStoredPostcode(): void {
  removeStorage(sessionStorage, DETECTED_POSTCODE_KEY);
}

/** An automatic detection reports its failure once per visit, not on every page load. */
export function claimAutomaticErrorToast(): boolean {
  if (readStorage(sessionStorage, ERROR_SHOWN_KEY) !== null) return false;
  writeStorage(sessionStorage, ERROR_SHOWN_KEY, 'true');
  return true;
}
