import type { SubmittedEvent } from '@locals/contracts/organiser-events';

/** Set by the event form for My events, which says what became of the event. */
export type EventSentState = {
  eventSent: {
    title: string;
    status: SubmittedEvent['status'];
    isChange: boolean;
    message: string;
  };
};

export function eventSentState(
  answer: { data: SubmittedEvent; message: string },
  isChange: boolean,
): EventSentState {
  const { data, message } = answer;
  return { eventSent: { title: data.submission.title, status: data.status, isChange, message } };
}

export function eventSentOf(state: unknown): EventSentState['eventSent'] | null {
  if (typeof state !== 'object' || state === null || !('eventSent' in state)) return null;
  const sent = (state as Partial<EventSentState>).eventSent;
  return typeof sent?.title === 'string' && typeof sent.message === 'string' ? sent : null;
}

/** The confirmation's heading: what happened to the event. */
export function eventSentHeading(sent: EventSentState['eventSent']): string {
  if (sent.status === 'published') {
    return sent.isChange ? `Your changes to ${sent.title} are live` : `${sent.title} is published`;
  }
  return sent.isChange
    ? `Your changes to ${sent.title} have been sent for review`
    : `${sent.title} has been sent for review`;
}

/** The address a form sent without JavaScript goes on to: `?submitted=<id>` or `?changed=<id>`. */
export function eventSentFromAddress(
  params: URLSearchParams,
  events: readonly SubmittedEvent[] | undefined,
): EventSentState['eventSent'] | null {
  const id = params.get('submitted') ?? params.get('changed');
  const event = id ? events?.find((candidate) => candidate.id === id) : undefined;
  if (!event) return null;
  const isChange = !params.has('submitted');
  const message =
    event.status === 'published'
      ? 'It is on the events page now.'
      : 'A moderator will look at it, usually within 2-3 working days, and we will email you.';
  return { title: event.submission.title, status: event.status, isChange, message };
}
