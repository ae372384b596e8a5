/** What other modules may use of sign-in: the guard for routes that need a signed-in person. */
export { requireUser } from './session.plugin';
