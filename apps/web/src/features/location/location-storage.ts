import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

const DETECTED_POSTCODE_KEY = 'detectedPostcode';

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
