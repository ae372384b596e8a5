/** What the command line may use of organisers' events: the source an import must never write. */
export { SUBMITTED_SOURCE } from './submitted-events.repository';
