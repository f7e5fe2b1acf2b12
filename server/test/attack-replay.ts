/**
 * The outsider's attack of issue 22, items 1-12, replayed against the built server (dist/) on loopback:
 * each item is tried as the report describes and answers one line with the status it got and whether
 * the hole is closed. `npm run attack` prints the lines; server/security-replay.test.ts runs it and then
 * looks for every secret it used in the server's log, the activity log and a backup.
 */
import fs from 'node:fs';
import { STEP_UP_HEADER } from '../../shared/roles';
import { freePort, Site } from './attack-site';
import { restoreBomb } from './restore-bomb';
import { adminCliBundle, prepareDataDir, runToEnd, serverEnv, SERVER_ADMIN } from './server-process';
import { totpCode } from './step-up';
import { makeImage, multipart } from './test-images';

export interface AttackLine {
  item: number;
  name: string;
  /** What the server answered (statuses, counts). */
  got: string;
  /** True when the server refused as it should: the hole is closed. */
  held: boolean;
}

export interface AttackReport {
  lines: AttackLine[];
  /** Every password, token, challenge, code, key and search term the attack used or was handed. */
  secrets: string[];
  /** Everything the servers printed (LOG_LEVEL=info: the access log too). */
  serverLog: string;
  /** The activity log's entries, as GET /api/activity gave them, JSON. */
  activityLog: string;
  /** A backup of the attacked site, taken at the end (GET /api/backup). */
  backup: Buffer;
}

const HOSTILE_AGENT = '<script>alert(1)</script>';
const SECOND = { email: 'second@example.com', password: 'second account long password' };
const EDITOR = { email: 'editor-attack@example.com', password: 'editor account long password' };
const SEARCH_TERM = 'attack-search-term-7f3a';

/** Runs the replay; `onLine` sees each line as it is decided. The caller removes nothing: all lives in one temp folder, removed here. */
export async function replayAttack(onLine: (line: AttackLine) => void = () => {}): Promise<AttackReport> {
  const lines: AttackLine[] = [];
  const secrets = new Set<string>([SERVER_ADMIN.password, SECOND.password, EDITOR.password, SEARCH_TERM]);
  const note = (line: AttackLine) => {
    lines.push(line);
    onLine(line);
  };
  const keep = (value: unknown) => {
    if (typeof value === 'string' && value.length >= 6) secrets.add(value);
  };
  const dataDir = await prepareDataDir('attack-replay-');
  const site = new Site(dataDir, await freePort());
  try {
    // ---- before REQUIRE_2FA: the accounts, a session that will outlive the switch, an item with an image
    await site.start();
    const admin = await site.server!.login();
    keep(admin);
    const stepUp = async (token: string, password: string) => {
      const reply = await site.call('POST', '/api/admins/reauth', { token, body: { password } });
      keep(reply.json.stepUpToken);
      return { [STEP_UP_HEADER]: String(reply.json.stepUpToken ?? '') };
    };
    const adminStepUp = await stepUp(admin, SERVER_ADMIN.password);
    await site.call('POST', '/api/admins', { token: admin, headers: adminStepUp, body: { ...SECOND, role: 'admin' } });
    await site.call('POST', '/api/admins', { token: admin, headers: adminStepUp, body: { ...EDITOR, role: 'editor' } });
    const secondLogin = await site.call('POST', '/api/admins/login', { body: SECOND });
    const second = String(secondLogin.json.token ?? '');
    keep(second);

    // item 12: an address with a look-alike character
    const lookAlike = await site.call('POST', '/api/admins', {
      token: admin,
      headers: adminStepUp,
      body: { email: 'demo\u0130@example.com', password: 'look alike long password', role: 'editor' },
    });
    note({ item: 12, name: 'look-alike e-mail address refused', got: String(lookAlike.status), held: lookAlike.status === 400 });

    // item 11: a sign-in from a hostile User-Agent, then the session list
    const hostile = await site.call('POST', '/api/admins/login', { body: SECOND, headers: { 'user-agent': HOSTILE_AGENT } });
    keep(hostile.json.token);
    const sessions = await site.call('GET', '/api/admins/sessions', { token: second });
    const devices = ((sessions.json.data as { device: string }[] | undefined) ?? []).map((session) => session.device);
    const rawAgentShown = devices.some((device) => /[<>]/.test(device));
    note({
      item: 11,
      name: 'device named from a hostile User-Agent',
      got: devices.join(', ') || String(sessions.status),
      held: !rawAgentShown && devices.includes('Unknown browser'),
    });

    // item 2: wrong current passwords with one session (the second account's)
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const guess = `wrong guess number ${i}`;
      const reply = await site.call('POST', '/api/admins/password', {
        token: second,
        body: { currentPassword: guess, newPassword: 'a new long password 123' },
      });
      statuses.push(reply.status);
      if (reply.status === 429) break;
    }
    const lockedAfter = statuses.indexOf(429);
    note({
      item: 2,
      name: 'wrong current passwords are counted',
      got: `${statuses.length} tries: ${statuses.join(' ')}`,
      held: lockedAfter > 0 && lockedAfter <= 6,
    });

    // item 3: two-factor switched on with a session alone (the admin's; the second account is locked now)
    const setupWithoutStepUp = await site.call('POST', '/api/admins/2fa/setup', { token: admin });
    keep((setupWithoutStepUp.json.data as { secret?: string } | undefined)?.secret);
    note({
      item: 3,
      name: 'two-factor set-up without a password confirmation',
      got: String(setupWithoutStepUp.status),
      held: setupWithoutStepUp.status === 403,
    });

    // item 5: a NUL byte in search parameters
    const nul = await Promise.all(
      [`/api/user?q=${SEARCH_TERM}%00`, `/api/user/export?q=${SEARCH_TERM}%00`, `/api/activity?person=${SEARCH_TERM}%00`].map((url) =>
        site.call('GET', url, { token: admin }),
      ),
    );
    // and a plain search, whose term must not reach any log
    await site.call('GET', `/api/user?q=${SEARCH_TERM}`, { token: admin });
    note({
      item: 5,
      name: 'NUL byte in q and person',
      got: nul.map((reply) => reply.status).join(' '),
      held: nul.every((reply) => reply.status === 400),
    });

    // item 7: the second step from another site, and a forged origin behind a proxy
    const crossSite = await Promise.all(
      ['/api/admins/login/2fa', '/api/admins/login/2fa/setup'].map((url) =>
        site.call('POST', url, {
          body: { challenge: 'x'.repeat(43), code: '123456' },
          headers: { 'sec-fetch-site': 'cross-site' },
        }),
      ),
    );
    // a session of its own: were the forged write let through, it signs only this one out
    const throwaway = String((await site.call('POST', '/api/admins/login', { body: SERVER_ADMIN })).json.token ?? '');
    keep(throwaway);
    const forgedOrigin = await fetch(`${site.base}/api/admins/logout`, {
      method: 'POST',
      headers: {
        // the forwarded proto says https: the cookie's name is then the __Host- one
        cookie: `__Host-admin_session=${throwaway}; admin_session=${throwaway}`,
        'x-requested-with': 'fetch',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    note({
      item: 7,
      name: 'cross-site second step; forged origin behind the proxy',
      got: `${crossSite.map((reply) => reply.status).join(' ')} ${forgedOrigin.status}`,
      held: crossSite.every((reply) => reply.status === 403) && forgedOrigin.status === 403,
    });

    // item 8: images of a hidden and of a trashed item
    const photo = await makeImage('jpeg', 800, 600);
    const images: string[] = [];
    const ids: string[] = [];
    for (const title of ['Hidden attack item', 'Trashed attack item']) {
      const body = multipart({ title, category: 'Kitchen' }, [{ field: 'images', data: photo }]);
      const created = await fetch(`${site.base}/api/gallery`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, ...body.headers },
        body: body.payload,
      });
      const record = ((await created.json()) as { data?: { _id: string; images: { url: string }[] } }).data;
      ids.push(record?._id ?? '');
      images.push(record?.images[0]?.url ?? '/uploads/missing.webp');
    }
    await site.call('PATCH', `/api/gallery/${ids[0]}/visibility`, { token: admin, body: { hidden: true } });
    await site.call('DELETE', `/api/gallery/${ids[1]}`, { token: admin });
    const visitor = await Promise.all(images.map((url) => site.call('GET', url)));
    const staff = await site.call('GET', images[0], { token: admin });
    note({
      item: 8,
      name: 'images of hidden and trashed items, visitor',
      got: `${visitor.map((reply) => reply.status).join(' ')} (staff ${staff.status})`,
      held: visitor.every((reply) => reply.status === 404) && staff.status === 200,
    });

    // item 9: an Editor changes the company's contact details
    const editorLogin = await site.call('POST', '/api/admins/login', { body: EDITOR });
    const editor = String(editorLogin.json.token ?? '');
    keep(editor);
    const settings = await site.call('GET', '/api/site-settings');
    const hijack = await site.call('PUT', '/api/site-settings', {
      token: editor,
      body: { ...(settings.json.data as object), email: 'leads@evil.example' },
    });
    note({ item: 9, name: 'Editor changes the site settings', got: String(hijack.status), held: hijack.status === 403 });

    // item 13 is not an attack; item 6: what the activity log recorded of the failures above
    await site.call('POST', '/api/admins/reauth', { token: admin, body: { password: 'not the password at all' } });
    const activity = await site.call('GET', '/api/activity?limit=200', { token: admin });
    const entries = (activity.json.data as { entries?: { kind: string }[] } | undefined)?.entries ?? [];
    const kinds = entries.map((entry) => entry.kind);
    const wrongPasswordEntries = kinds.filter((kind) => /password/.test(kind) && /wrong|fail/.test(kind)).length;
    const reauthFailures = kinds.filter((kind) => /reauth/.test(kind) && /fail|wrong/.test(kind)).length;
    note({
      item: 6,
      name: 'failed confirmations and wrong passwords in the activity log',
      got: `${wrongPasswordEntries} wrong current passwords, ${reauthFailures} failed confirmations`,
      held: wrongPasswordEntries >= Math.max(1, lockedAfter) && reauthFailures >= 1,
    });
    const backupReply = await fetch(`${site.base}/api/backup`, { headers: { authorization: `Bearer ${admin}`, ...adminStepUp } });
    const backup = Buffer.from(await backupReply.arrayBuffer());
    const activityLog = JSON.stringify(entries);
    await site.stop();

    // ---- REQUIRE_2FA switched on: the old session (item 4), a challenge that outlives a password reset (item 1)
    await site.start({ REQUIRE_2FA: 'true' });
    // its password confirmation may serve its enrolment (two-factor set-up needs one), nothing else
    const confirmed = await site.call('POST', '/api/admins/reauth', { token: admin, body: { password: SERVER_ADMIN.password } });
    keep(confirmed.json.stepUpToken);
    const withConfirmation = { [STEP_UP_HEADER]: String(confirmed.json.stepUpToken ?? '') };
    const oldSession = await Promise.all([
      site.call('GET', '/api/admins', { token: admin }),
      site.call('GET', '/api/gallery/manage', { token: admin }),
      site.call('POST', '/api/admins', {
        token: admin,
        headers: withConfirmation,
        body: { email: 'intruder@example.com', password: 'intruder long password', role: 'admin' },
      }),
      site.call('GET', '/api/backup', { token: admin, headers: withConfirmation }),
    ]);
    note({
      item: 4,
      name: 'a session from before REQUIRE_2FA',
      got: `${oldSession.map((reply) => reply.status).join(' ')} (its confirmation ${confirmed.status})`,
      held: oldSession.every((reply) => reply.status === 403),
    });
    const challenged = await site.call('POST', '/api/admins/login', { body: SERVER_ADMIN });
    const challenge = String(challenged.json.challenge ?? '');
    keep(challenge);
    await site.stop();
    const newPassword = 'after the reset long password';
    secrets.add(newPassword);
    const reset = await runToEnd(adminCliBundle, ['reset-password', SERVER_ADMIN.email], {
      ...serverEnv(dataDir),
      // the command prints a generated password: it is not part of the attack's reach, only of the operator's
    });
    const printed = /password[^:\n]*:\s*(\S+)/i.exec(reset.output)?.[1];
    keep(printed);
    await site.start({ REQUIRE_2FA: 'true' });
    const afterReset = await site.call('POST', '/api/admins/login/2fa/setup', { body: { challenge } });
    const secretAfterReset = (afterReset.json.data as { secret?: string } | undefined)?.secret;
    keep(secretAfterReset);
    const completed = secretAfterReset
      ? await site.call('POST', '/api/admins/login/2fa', { body: { challenge, code: totpCode(secretAfterReset) } })
      : null;
    keep(completed?.json.token);
    note({
      item: 1,
      name: 'a challenge from before a password reset',
      got: `${afterReset.status}${completed ? ` then ${completed.status}` : ''}`,
      held: afterReset.status === 401 && (!completed || completed.status === 401),
    });
    await site.stop();

    // item 10: a gzip bomb handed to the restore command, the data folder's tmp watched meanwhile
    note(await restoreBomb());

    return {
      lines: lines.sort((a, b) => a.item - b.item),
      secrets: [...secrets],
      serverLog: site.log,
      activityLog,
      backup,
    };
  } finally {
    await site.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
