import { existsSync } from 'node:fs';
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { parseImportArgs, runImport } from './import-command';
import { importProblem, isImportProblem } from './import-problem';
import { runOperatorCommand } from './operator-command';

/** `npm run import -- <file> ...`: see import-command.ts for the options. */
await runOperatorCommand({
  parse: () => {
    const command = parseImportArgs(process.argv.slice(2));
    if ('file' in command && !existsSync(command.file)) {
      throw new Error(`There is no file at ${command.file}.`);
    }
    return command;
  },
  work: async (command, database, config) => {
    await loadOpenDataOnce(database, config.openDataDir, { demoContent: config.demoContent });
    const { report, failure } = await runImport(database, command);
    console.log(report);
    // The report says why each row was rejected; the failure, that the run imported none.
    if (failure) throw importProblem(failure);
  },
  // runImport's problems are already worded for people.
  isWorded: isImportProblem,
});
