// engine-independent: attacks the built server on an embedded database of its own
/**
 * Issue 22's attack replayed against the built server (npm run build first): every item is refused, and
 * no password, token, challenge, code, key or search term it used appears in the server's log (info level:
 * the access log too), in the activity log, or in a backup of the attacked site.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayAttack, type AttackReport } from './test/attack-replay';
import { readEntries } from './test/backup-helpers';

/** Every entry of a backup, as text, joined. */
async function archiveText(archive: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attack-backup-'));
  try {
    fs.writeFileSync(path.join(dir, 'site.tar.gz'), archive);
    return (await readEntries(path.join(dir, 'site.tar.gz'))).map((entry) => entry.data.toString('latin1')).join('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the attack of issue 22, replayed', () => {
  let report: AttackReport;
  beforeAll(async () => {
    report = await replayAttack();
  }, 600_000);

  it('finds every hole closed', () => {
    expect(report.lines.map((line) => line.item)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(report.lines.filter((line) => !line.held)).toEqual([]);
  });

  it('leaves no secret or search term in the server log, the activity log or the backup', async () => {
    const backup = await archiveText(report.backup);
    expect(report.serverLog.length).toBeGreaterThan(1000);
    expect(report.activityLog.length).toBeGreaterThan(100);
    expect(backup).toContain('second@example.com');
    for (const secret of report.secrets) {
      expect(report.serverLog, 'server log').not.toContain(secret);
      expect(report.activityLog, 'activity log').not.toContain(secret);
      expect(backup, 'backup').not.toContain(secret);
    }
  });
});
