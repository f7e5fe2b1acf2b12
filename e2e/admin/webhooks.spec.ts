/**
 * Webhooks: an Admin adds one on the screen, sends a test event that a receiver on loopback gets signed
 * (the empty server allows loopback: WEBHOOKS_ALLOW_PRIVATE=true), sees it in the delivery log, reveals and
 * replaces the secret, edits and deletes it (adding and changing ask for the password again first); the demo
 * server (the default) refuses a loopback URL. axe on the screen.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhooksCopy as copy } from '../../shared/copy/admin';
import { WEBHOOK_HEADERS, webhookEventLabels, webhookMessages } from '../../shared/webhooks';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { confirmPassword, expect, logInAt, openScreen, test } from '../fixtures/admin-login';
import { SERVERS } from '../fixtures/servers';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('add, test, read the log, reveal and replace the secret, edit and delete a webhook', async ({ page }) => {
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await logInAt(page, SERVERS.empty);
    await openScreen(page, `${SERVERS.empty}/admin/webhooks`, copy.title);

    const add = page.getByRole('region', { name: copy.addTitle });
    // nothing chosen: the server's message under the form, nothing added
    await add.getByLabel(copy.url).fill(url);
    await add.getByRole('button', { name: copy.add }).click();
    await confirmPassword(page);
    await expect(add.getByText(webhookMessages.eventsRequired)).toBeVisible();
    await add.getByRole('checkbox', { name: webhookEventLabels['enquiry.created'] }).check();
    await add.getByRole('button', { name: copy.add }).click();
    await confirmPassword(page);
    const card = page.getByRole('region', { name: url });
    await expect(card).toBeVisible();
    await expect(add.getByLabel(copy.url)).toHaveValue('');
    await expect(card.getByText('enquiry.created', { exact: true })).toBeVisible();
    await expect(card.getByText(copy.deliveriesEmpty)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await card.getByRole('button', { name: copy.sendTestLabel(url) }).click();
    await expect(page.getByText(webhookMessages.testQueued)).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    // the log shows it delivered once Refresh reads it again
    await expect(async () => {
      await card.getByRole('button', { name: copy.refresh }).click();
      await expect(card.getByText(copy.states.delivered)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(card.getByRole('cell', { name: 'webhook.test' })).toBeVisible();

    // the secret is hidden until asked for, and signs the body
    await expect(card.getByText(/^whsec_/)).toHaveCount(0);
    await card.getByRole('button', { name: copy.showSecret }).click();
    const secret = (await card.getByText(/^whsec_/).textContent()) ?? '';
    const [delivery] = received;
    expect(delivery.headers[WEBHOOK_HEADERS.signature]).toBe(
      `sha256=${crypto.createHmac('sha256', secret).update(delivery.body).digest('hex')}`,
    );
    await card.getByRole('button', { name: copy.rotateLabel(url) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: copy.rotate }).click();
    await expect(page.getByText(webhookMessages.rotated)).toBeVisible();
    await expect(card.getByText(/^whsec_/)).not.toHaveText(secret);

    await card.getByRole('button', { name: copy.editLabel(url) }).click();
    await card.getByRole('checkbox', { name: webhookEventLabels['content.published'] }).check();
    await card.getByRole('button', { name: copy.save }).click();
    await confirmPassword(page);
    await expect(page.getByText(webhookMessages.saved)).toBeVisible();
    await expect(card.getByText('content.published', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await card.getByRole('button', { name: copy.deleteLabel(url) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: copy.delete }).click();
    await expect(page.getByText(webhookMessages.removed)).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('a loopback URL is refused with the reason, and nothing is added', async ({ page }) => {
  await openScreen(page, '/admin/webhooks', copy.title);
  const add = page.getByRole('region', { name: copy.addTitle });
  await add.getByLabel(copy.url).fill('http://127.0.0.1:9/hook');
  await add.getByRole('checkbox', { name: webhookEventLabels['content.published'] }).check();
  await add.getByRole('button', { name: copy.add }).click();
  await confirmPassword(page);
  await expect(add.getByText(webhookMessages.urlNotPublic('127.0.0.1'))).toBeVisible();
  await expect(page.getByRole('region', { name: 'http://127.0.0.1:9/hook' })).toHaveCount(0);
});
