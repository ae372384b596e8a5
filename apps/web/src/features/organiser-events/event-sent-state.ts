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
