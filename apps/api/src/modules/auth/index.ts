/** What other modules may use of sign-in: the guards for routes that need a person or a role. */
export { requireModerator, requireUser, signedInByCookie, userOf } from './session.plugin';
export { createRolesRepository } from './roles.repository';
