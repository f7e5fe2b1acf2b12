/** Backups: the screen says what an archive holds, Download saves a .tar.gz, and "Last backup" follows. */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { backupMessages, describeCounts, formatBytes, type BackupSummary } from '../../shared/backup';
import { backupCopy as copy } from '../../shared/copy/admin';
import { confirmPassword, expect, openScreen, test } from '../fixtures/admin-login';

test('shows what a backup holds, downloads it as a .tar.gz with the token, and updates the last backup', async ({ page, token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const summaryNow = async () =>
    ((await (await page.request.get('/api/backup/summary', { headers })).json()) as { data: BackupSummary }).data;
  // the demo server makes the other renditions of its images in the background after its first start:
  // the counts move until it is done
  test.setTimeout(150_000);
  await expect.poll(async () => (await summaryNow()).current.imageJobs, { timeout: 120_000 }).toBe(0);
  const before = await summaryNow();

  await openScreen(page, '/admin/backups', copy.title);
  const holds = page.getByRole('region', { name: copy.holdsTitle });
  const { current } = before;
  for (const [term, value] of [
    [copy.holds.records, String(current.records)],
    [copy.holds.messages, String(current.messages)],
    [copy.holds.admins, String(current.admins)],
    [copy.holds.images, copy.imagesValue(current.images, formatBytes(current.imageBytes))],
  ]) {
    await expect(holds.locator('dl > div').filter({ hasText: term }).locator('dd')).toHaveText(value);
  }
  expect(current.records).toBeGreaterThan(30); // the demo content
  expect(current.images).toBeGreaterThan(100);

  const last = page.getByRole('region', { name: copy.lastTitle });
  if (!before.lastBackup) await expect(last.getByText(copy.never)).toBeVisible();

  const button = page.getByRole('button', { name: copy.download });
  const downloading = page.waitForEvent('download');
  await button.click();
  // a download asks for the password again
  await confirmPassword(page);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
  const saved = await download.path();
  const bytes = fs.readFileSync(saved);
  // a gzip whose tar ends with the manifest
  const tar = zlib.gunzipSync(bytes);
  expect(tar.includes(Buffer.from('"format": "bangalore-site-backup"'))).toBe(true);
  await expect(page.getByText(copy.downloaded(download.suggestedFilename()))).toBeVisible();

  const after = await summaryNow();
  expect(after.lastBackup).not.toBeNull();
  expect(after.lastBackup!.takenAt).not.toBe(before.lastBackup?.takenAt);
  expect(after.lastBackup!.archiveBytes).toBe(bytes.length);
  await expect(last.locator(`time[datetime="${after.lastBackup!.takenAt}"]`)).toContainText(copy.via.download);
  await expect(last.getByText(copy.lastHeld(describeCounts(after.lastBackup!.counts), formatBytes(bytes.length)))).toBeVisible();
  await expect(button).toBeEnabled();
});

test('a failed download says so and leaves the button usable', async ({ page }) => {
  await openScreen(page, '/admin/backups', copy.title);
  // the server's refusal while another backup runs, for this page only (a real one lasts too short to meet)
  await page.route('**/api/backup', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, message: backupMessages.busy }) }),
  );
  await page.getByRole('button', { name: copy.download }).click();
  await confirmPassword(page);
  await expect(page.getByRole('alert')).toHaveText(backupMessages.busy);
  await expect(page.getByRole('button', { name: copy.download })).toBeEnabled();
});
