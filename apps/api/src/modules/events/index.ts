/** What other modules may use of events: reading them for bookmarks. */
export { createEventsRepository } from './events.repository';
