/**
 * npm run backup -- FILE: writes the whole site (records, messages, admin accounts, settings, images)
 * to FILE as a .tar.gz. With the embedded database, stop the server first (the database lock refuses
 * otherwise); a running site is backed up from the admin's Backups screen.
 */
import { readEnv } from '../env';
import { backupCommand, runCommand } from './commands';

await runCommand(backupCommand, () => readEnv());
