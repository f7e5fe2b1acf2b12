/**
 * npm run restore -- FILE [--force]: loads a site backup into the configured database (embedded or
 * PostgreSQL) and image storage, after verifying the whole archive. For a stopped site: a server
 * running meanwhile keeps serving what it cached.
 */
import { readEnv } from '../env';
import { restoreCommand, runCommand } from './commands';

await runCommand(restoreCommand, () => readEnv());
