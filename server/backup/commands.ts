/**
 * The backup and restore commands (npm run backup / npm run restore): arguments, opening the
 * configured database and storage as the server does, and messages for people. Every refusal is
 * one clear line and an exit code, never a stack trace.
 */
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describeCounts, formatBytes } from '../../shared/backup';
import { DirectoryInUseError } from '../db/directory-lock';
import type { Env } from '../env';
import { isDatabaseUnavailable } from '../errors';
import type { Services } from '../services';
import { startServices } from '../start';
import { archiveFileName, BackupError } from './archive-format';
import { restoreFromFile } from './restore';
import { prepareBackup, recordLastBackup } from './write-archive';
import { asError } from '../../shared/narrow';

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

const BACKUP_USAGE = 'Usage: npm run backup -- FILE   (FILE: the .tar.gz to write, or a folder to write site-backup-<UTC time>.tar.gz in)';
const RESTORE_USAGE = 'Usage: npm run restore -- FILE [--force]   (--force replaces a database that already has content)';

/** Writes the whole site to FILE; for the embedded database, with the server stopped. */
export async function backupCommand(args: string[], env: Env, out: CommandOutput = console): Promise<number> {
  if (args.length !== 1 || args[0].startsWith('-')) {
    out.error(BACKUP_USAGE);
    return 2;
  }
  const given = path.resolve(args[0]);
  const isFolder = (await fs.stat(given).catch(() => null))?.isDirectory() ?? false;
  if (!isFolder && !(await fs.stat(path.dirname(given)).catch(() => null))?.isDirectory()) {
    out.error(`Backup failed: cannot write ${given}: the folder ${path.dirname(given)} does not exist.`);
    return 1;
  }
  const services = await openServices(
    env,
    out,
    "To back up a running site, use Download on the admin's Backups screen (or GET /api/backup).",
  );
  if (!services) return 1;
  const started = performance.now();
  try {
    const prepared = await prepareBackup({ db: services.database.db, kind: services.database.kind, storage: services.storage });
    const target = isFolder ? path.join(given, archiveFileName(prepared.startedAt)) : given;
    // written beside the target and renamed when complete: a failed run never leaves a file that looks whole
    const partial = `${target}.partial`;
    let result;
    try {
      result = await prepared.writeTo(createWriteStream(partial));
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    await recordLastBackup(services.database.db, result, 'command line');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out.log(`Wrote ${target}: ${describeCounts(result.manifest.counts)}; archive ${formatBytes(result.archiveBytes)} in ${seconds} s.`);
    return 0;
  } catch (error) {
    out.error(`Backup failed: ${messageOf(error)}`);
    return 1;
  } finally {
    await services.database.close();
  }
}

/** Loads FILE into the configured database and storage; refuses a database with content unless --force. */
export async function restoreCommand(args: string[], env: Env, out: CommandOutput = console): Promise<number> {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const files = args.filter((arg) => !arg.startsWith('-'));
  if (files.length !== 1 || flags.some((flag) => flag !== '--force')) {
    out.error(RESTORE_USAGE);
    return 2;
  }
  const force = flags.includes('--force');
  const file = path.resolve(files[0]);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) {
    out.error(`Cannot restore: ${file} ${stat ? 'is not a file' : 'does not exist'}.`);
    return 1;
  }
  const services = await openServices(env, out, 'A restore replaces what the server serves, so it runs with the server stopped.');
  if (!services) return 1;
  const started = performance.now();
  const where =
    services.database.kind === 'pglite'
      ? `the embedded database in ${path.join(env.dataDir, 'db')}`
      : 'the PostgreSQL database of DATABASE_URL';
  try {
    const workDir = path.join(env.dataDir, 'tmp', `restore-${crypto.randomUUID()}`);
    const result = await restoreFromFile({ db: services.database.db, storage: services.storage }, file, {
      force,
      workDir,
      onStep: (message) => out.log(message),
    });
    const { manifest } = result.archive;
    const from = manifest.source === 'pglite' ? 'an embedded database' : 'PostgreSQL';
    out.log(`Restored the backup taken ${manifest.createdAt} (from ${from}) into ${where} and the configured image storage:`);
    out.log(`  ${describeCounts(manifest.counts)}.`);
    if (result.replacedAdmins.length) {
      out.log(`  The backup's admin accounts replace ${result.replacedAdmins.join(', ')}: log in with an account of the backup.`);
    }
    if (result.removedFiles) out.log(`  Removed ${result.removedFiles} image file(s) of the replaced site.`);
    if (manifest.missingImages.length) {
      out.log(
        `  ${manifest.missingImages.length} image(s) were already missing from the site when the backup was taken; their records show a placeholder.`,
      );
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out.log(
      `Done in ${seconds} s. Start the server now. A server that was running on this database meanwhile serves stale pages: restart it.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) out.error(`Restore refused: ${error.message}`);
    else {
      out.error(`Restore failed: ${messageOf(error)}`);
      out.error(
        'The database is unchanged (its transaction was rolled back); image files already copied are removed by the next start of the server.',
      );
    }
    return 1;
  } finally {
    await services.database.close();
  }
}

/** Opens the database and storage as the server would, or says why it cannot. */
async function openServices(env: Env, out: CommandOutput, whenLocked: string): Promise<Services | null> {
  try {
    return await startServices(env);
  } catch (error) {
    if (error instanceof DirectoryInUseError) out.error(`${error.message} ${whenLocked}`);
    else out.error(`Cannot open the database: ${messageOf(error)}`);
    return null;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  if (isDatabaseUnavailable(error)) return `the database does not answer (${asError(error).message}).`;
  return error instanceof Error ? error.message : String(error);
}

/** Runs a command as a program: settings from the environment, the exit code as the process's. */
export async function runCommand(command: typeof backupCommand, readSettings: () => Env): Promise<void> {
  let env: Env;
  try {
    env = readSettings();
  } catch (error) {
    console.error(messageOf(error));
    process.exitCode = 1;
    return;
  }
  process.exitCode = await command(process.argv.slice(2), env);
}
