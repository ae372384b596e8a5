import { isAdminProblem, parseAdminArgs, runAdmin } from './admin-command';
import { runOperatorCommand } from './operator-command';

/** `npm run admin -- grant-moderator <email>` / `revoke-moderator <email>` (decision 023). */
await runOperatorCommand({
  parse: () => parseAdminArgs(process.argv.slice(2)),
  work: async (command, database) => console.log(await runAdmin(database.db, command)),
  isWorded: isAdminProblem,
});
