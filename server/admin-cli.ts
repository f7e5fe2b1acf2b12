/**
 * Admin accounts from the command line (stop the server first when it runs on the embedded database):
 *   npm run admin -- add <email> [password]
 *   npm run admin -- reset-password <email> [password]
 *   npm run admin -- list
 * Without a password, one is generated and printed.
 */
import { generatePassword } from './auth/auth-service';
import { DirectoryInUseError } from './db/directory-lock';
import { readEnv } from './env';
import { ClientError } from './errors';
import { startServices } from './start';
import { StorageConfigError } from './storage/s3-storage';

const [command, email, givenPassword] = process.argv.slice(2);
const usage = 'Usage: npm run admin -- add <email> [password] | reset-password <email> [password] | list';

if (!['add', 'reset-password', 'list'].includes(command ?? '') || (command !== 'list' && !email)) {
  console.error(usage);
  process.exit(2);
}

const services = await startServices(readEnv()).catch((error: unknown) => {
  if (!(error instanceof DirectoryInUseError) && !(error instanceof StorageConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const password = givenPassword ?? generatePassword();
  if (command === 'list') {
    for (const admin of await services.auth.listAdmins()) console.log(`${admin.email}\t(added ${admin.createdAt})`);
  } else if (command === 'add') {
    await services.auth.addAdmin(email, password);
    console.log(`Admin ${email} added.${givenPassword ? '' : `\nPassword: ${password}`}`);
  } else {
    await services.auth.resetPassword(email, password);
    console.log(`Password of ${email} reset; their sessions are ended.${givenPassword ? '' : `\nNew password: ${password}`}`);
  }
} catch (error) {
  console.error(error instanceof ClientError ? error.message : error);
  process.exitCode = 1;
} finally {
  await services.database.close();
}
