/**
 * Where a page rendered on the server shows an event's details (decision 018): a card's link goes
 * there. Its own module, so the cards do not bring the dialog's code with them.
 */
export const EVENT_DETAIL_ANCHOR = 'event-detail';
