import { isApiError, isRefusedWith } from '@/lib/api-client';

/**
 * A postcode the server could not use (400 or 404) is for the person to correct
 * beside the postcode field, not a failure to try again. Its words, or undefined for any other
 * error.
 */
export function postcodeErrorOf(error: Error | null): string | undefined {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 404)) return undefined;
  if (isRefusedWith(error, 'invalid_postcode', 'postcode_not_found')) {
    return error.message;
  }
  return error.fieldErrors.postcode?.[0];
}
