import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';

/** A 404, or a 400 for an id no event could have: asking again cannot change the answer. */
function isEventMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The dialog's title and (announced) description when the details cannot be shown. */
export function eventUnavailableText(error: unknown): { title: string; message: string } {
  if (isEventMissing(error)) {
    return {
      title: 'Event not found',
      message: 'We could not find this event. Its organiser may no longer list it.',
    };
  }
  const isOffline = isApiError(error) && error.status === 0;
  return {
    title: 'Sorry, there is a problem',
    message: `We could not load this event's details. ${
      isOffline ? 'Check your internet connection and try again.' : 'Try again in a few minutes.'
    }`,
  };
}

type EventUnavailableProps = { error: unknown; onTryAgain: () => void };

export function EventUnavailable({ error, onTryAgain }: EventUnavailableProps) {
  if (isEventMissing(error)) return null;
  return <Button onClick={onTryAgain}>Try again</Button>;
}
