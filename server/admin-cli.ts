/**
 * Admin accounts from the command line (stop the server first when it runs on the embedded database):
 *   npm run admin -- add <email> [password] [--role admin|editor|sales]
 *   npm run admin -- reset-password <email> [password]
 *   npm run admin -- set-role <email> admin|editor|sales
 *   npm run admin -- reset-2fa <email>
 *   npm run admin -- list
 * Without a password, one is generated and printed. Changes are written to the activity log as done from the command line.
 */
import { parseArgs } from 'node:util';
import type { AuditKind } from '../shared/audit';
import { roleLabels } from '../shared/api-messages';
import { accountTarget } from './audit/auth-events';
import { normaliseEmail } from './auth/auth-schemas';
import { generatePassword } from './auth/accounts';
import { DirectoryInUseError } from './db/directory-lock';
import { readEnv } from './env';
import { ClientError } from './errors';
import { startServices } from './start';
import { StorageConfigError } from './storage/s3-storage';

const usage = [
  'Usage: npm run admin -- add <email> [password] [--role admin|editor|sales]',
  '       npm run admin -- reset-password <email> [password]',
  '       npm run admin -- set-role <email> admin|editor|sales   (the presets: every area; content; enquiries)',
  '       npm run admin -- reset-2fa <email>     (turns two-factor sign-in off for someone who lost their phone and codes)',
  '       npm run admin -- list',
].join('\n');

const parsed = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { role: { type: 'string' } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
})();
const [command, email, third] = parsed.positionals;
/** Each command's fewest and most words, the command included. */
const wanted = new Map<string, readonly [number, number]>([
  ['add', [2, 3]],
  ['reset-password', [2, 3]],
  ['set-role', [3, 3]],
  ['reset-2fa', [2, 2]],
  ['list', [1, 1]],
]);
const counts = command === undefined ? undefined : wanted.get(command);
if (
  !counts ||
  parsed.positionals.length < counts[0] ||
  parsed.positionals.length > counts[1] ||
  (parsed.values.role && command !== 'add')
) {
  console.error(usage);
  process.exit(2);
}

const services = await startServices(readEnv()).catch((error: unknown) => {
  if (!(error instanceof DirectoryInUseError) && !(error instanceof StorageConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});

/** The account named on the command line, or a clear error. */
async function accountOf(address: string) {
  const account = (await services.auth.accounts.listAdmins()).find((admin) => admin.email === normaliseEmail(address));
  if (!account) throw new ClientError(404, `No admin with the email ${address}`);
  return account;
}

/** The activity log's entry of a change made here: no signed-in actor, and "command line" for where. */
const logged = (kind: AuditKind, account: { _id: string; email: string }, details: Record<string, unknown> = {}) =>
  services.audit.record({
    kind,
    actor: null,
    ip: null,
    target: accountTarget(account._id, account.email),
    details: { via: 'command line', ...details },
  });

try {
  if (command === 'list') {
    for (const admin of await services.auth.accounts.listAdmins()) {
      console.log(
        `${admin.email}\t${admin.role} (${admin.permissions.join(', ') || 'nothing'})\t2FA ${admin.twoFactor ? 'on' : 'off'}\t(added ${admin.createdAt})`,
      );
    }
  } else if (command === 'add') {
    const password = third ?? generatePassword();
    const added = await services.auth.accounts.addAdmin(email, password, { role: parsed.values.role ?? 'admin' });
    await logged('account.added', added, { role: added.role });
    console.log(`${roleLabels[added.role]} ${added.email} added.${third ? '' : `\nPassword: ${password}`}`);
  } else if (command === 'reset-password') {
    const password = third ?? generatePassword();
    await services.auth.accounts.resetPassword(email, password);
    await logged('account.password-changed', await accountOf(email));
    console.log(`Password of ${email} reset; their sessions are ended.${third ? '' : `\nNew password: ${password}`}`);
  } else if (command === 'set-role') {
    const account = await accountOf(email);
    const changed = await services.auth.accounts.changeAccess(account._id, { role: third });
    await logged('account.role-changed', changed, { role: changed.role });
    console.log(`${changed.email} is now ${roleLabels[changed.role]}: ${changed.permissions.join(', ')}.`);
  } else {
    const account = await accountOf(email);
    if (!account.twoFactor) throw new ClientError(409, `Two-factor sign-in is already off for ${account.email}.`);
    await services.auth.accounts.resetTwoFactor(account._id);
    await logged('2fa.disabled', account);
    console.log(
      `Two-factor sign-in is off for ${account.email}; their sessions are ended.` +
        (services.auth.signIn.twoFactorRequired ? ' REQUIRE_2FA is on: they set it up again at their next sign-in.' : ''),
    );
  }
} catch (error) {
  console.error(error instanceof ClientError ? error.message : error);
  process.exitCode = 1;
} finally {
  await services.database.close();
}
