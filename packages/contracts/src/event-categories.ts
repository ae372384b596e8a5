/**
 * An event is in one of five categories. The /events filter offers the first four;
 * Health events exist (a badge colour of their own) but are not a filter choice.
 */
export const EVENT_CATEGORIES = [
  { id: 'housing', label: 'Housing' },
  { id: 'food', label: 'Food' },
  { id: 'wellbeing', label: 'Wellbeing' },
  { id: 'training', label: 'Training' },
  { id: 'health', label: 'Health' },
] as const;

export type EventCategoryId = (typeof EVENT_CATEGORIES)[number]['id'];

/** The categories the /events filter lists, after 'All categories'. */
export const EVENT_FILTER_CATEGORIES = EVENT_CATEGORIES.filter(
  (category) => category.id !== 'health',
);

/** Event distances are 1, 3, 5, 10 or 25 miles. */
export const EVENT_DISTANCE_OPTIONS = [1, 3, 5, 10, 25] as const;

/** Events are fetched 20 to a page. */
export const EVENT_PAGE_SIZE = 20;
export const MAX_EVENT_PAGE_SIZE = 100;

/** With a postcode but no distance, events within this many miles are listed. */
export const DEFAULT_EVENT_MILES = 10;

export function eventCategoryLabel(id: string): string | undefined {
  return EVENT_CATEGORIES.find((category) => category.id === id)?.label;
}
