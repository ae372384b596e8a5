/** Messages several endpoints answer with, word for word. */

/** A 404 for any service id that is not listed (or no longer). */
export const SERVICE_NOT_FOUND = 'We could not find that service. It may have been removed.';
export const EVENT_NOT_FOUND =
  'We could not find that event. It may have been removed by its organiser.';
