import { expect, test } from '../fixtures/test';
import { contact } from '../../shared/copy/public';
import { formatPhone } from '../../shared/phone';
import { DEMO_SITE_SETTINGS as demo, addressLine } from '../../shared/site-settings';
import type { ContactMessage } from '../../shared/resources';
import { apiMessages } from '../../shared/api-messages';
import { adminToken } from './public-helpers';

const field = (page: import('@playwright/test').Page, label: string) => page.getByLabel(label, { exact: true });

test('contact: labels, details, map and every validation message; errors clear on edit', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: contact.formTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: contact.infoTitle })).toBeVisible();
  const aside = page.getByRole('complementary');
  await expect(aside).toContainText(addressLine(demo));
  await expect(aside).toContainText(formatPhone(demo.phone));
  await expect(aside).toContainText(demo.email);
  await expect(page.getByRole('img', { name: contact.mapTitle(addressLine(demo)) })).toBeVisible();
  await expect(page.getByRole('link', { name: contact.openMap })).toHaveAttribute('target', '_blank');
  await expect(field(page, contact.labels.message)).toHaveAttribute('rows', '6');

  await field(page, contact.labels.name).fill('   ');
  await page.getByRole('button', { name: contact.submit }).click();
  for (const message of [
    contact.errors.nameRequired,
    contact.errors.emailRequired,
    contact.errors.numberRequired,
    contact.errors.messageRequired,
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByText(contact.toasts.correct)).toBeVisible();
  await field(page, contact.labels.email).fill('not an@address');
  await expect(page.getByText(contact.errors.emailRequired)).toHaveCount(0);
  await expect(page.getByText(contact.errors.nameRequired)).toBeVisible();
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByText(contact.errors.emailInvalid)).toBeVisible();
  await field(page, contact.labels.name).fill('Asha');
  await expect(page.getByText(contact.errors.nameRequired)).toHaveCount(0);
});

test('contact: server errors land under their fields', async ({ page }) => {
  await page.goto('/contact');
  await field(page, contact.labels.name).fill('N'.repeat(150));
  await field(page, contact.labels.email).fill('asha@example.com');
  await field(page, contact.labels.number).fill('9'.repeat(40));
  await field(page, contact.labels.message).fill('Hello');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByTestId('error-name')).toContainText('Name must be at most');
  await expect(page.getByTestId('error-number')).toContainText('Contact number must be at most');
  await expect(page.getByTestId('error-email')).toHaveCount(0);
});

test('contact: a number that cannot be a phone number gets our message, with and without JavaScript; nothing is sent', async ({
  page,
  browser,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/user') && sent.push(request.url()));
  await page.goto('/contact');
  await field(page, contact.labels.name).fill('Asha');
  await field(page, contact.labels.email).fill('asha@example.com');
  await field(page, contact.labels.number).fill('abc');
  await field(page, contact.labels.message).fill('Hello');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByTestId('error-number')).toHaveText(contact.errors.numberInvalid);
  expect(sent).toEqual([]);
  // digits enough for the page's light check, but no Indian number: the server's answer lands under the field
  await field(page, contact.labels.number).fill('5555555');
  await expect(page.getByTestId('error-number')).toHaveCount(0);
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByTestId('error-number')).toHaveText(contact.errors.numberInvalid);
  await expect(page.getByText(contact.toasts.success)).toHaveCount(0);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('/contact');
  for (const [label, value] of [
    [contact.labels.name, 'Asha'],
    [contact.labels.email, 'asha@example.com'],
    [contact.labels.number, '5555555'],
    [contact.labels.message, 'Hello'],
  ] as const)
    await field(plain, label).fill(value);
  await plain.getByRole('button', { name: contact.submit }).click();
  await expect(plain).toHaveURL(/\/contact$/);
  await expect(plain.getByTestId('error-number')).toHaveText(contact.errors.numberInvalid);
  await expect(field(plain, contact.labels.number)).toHaveValue('5555555');
  await context.close();
});

test('contact: a network failure shows its toast', async ({ page }) => {
  await page.goto('/contact');
  // the request never reaches the server: the visitor's connection drops
  await page.route('**/api/user', (route) => route.abort('internetdisconnected'));
  await field(page, contact.labels.name).fill('Asha');
  await field(page, contact.labels.email).fill('asha@example.com');
  await field(page, contact.labels.number).fill('98450 00000');
  await field(page, contact.labels.message).fill('Hello');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByText(contact.toasts.network)).toBeVisible();
  await expect(field(page, contact.labels.name)).toHaveValue('Asha');
});

test('contact: a real message is sent, the form clears, and the admin API lists it', async ({ page, request }) => {
  const text = `Please call me about a kitchen (${Date.now()})`;
  await page.goto('/contact');
  await field(page, contact.labels.name).fill('  Ravi Kumar ');
  await field(page, contact.labels.email).fill('ravi@example.com');
  await field(page, contact.labels.number).fill('+91 98450 12345');
  await field(page, contact.labels.message).fill(text);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // hold the real request a moment to see the submitting state
  await page.route('**/api/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByRole('button', { name: contact.sending })).toBeDisabled();
  release();
  await expect(page.getByText(contact.toasts.success)).toBeVisible();
  await expect(field(page, contact.labels.name)).toHaveValue('');
  await expect(field(page, contact.labels.message)).toHaveValue('');

  const token = await adminToken(request);
  const reply = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  const messages = ((await reply.json()) as { data: ContactMessage[] }).data;
  const sent = messages.find((m) => m.message === text);
  expect(sent).toMatchObject({ name: 'Ravi Kumar', email: 'ravi@example.com', number: '+919845012345' });
});

test('contact without JavaScript: the form posts (never into the URL), shows the same messages, and the message arrives', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  await field(page, contact.labels.name).fill('Meena');
  await field(page, contact.labels.email).fill('not an address');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByTestId('contact-notice')).toHaveText(contact.toasts.correct);
  await expect(page.getByTestId('error-email')).toHaveText(contact.errors.emailInvalid);
  await expect(page.getByTestId('error-number')).toHaveText(contact.errors.numberRequired);
  await expect(page.getByTestId('error-name')).toHaveCount(0);
  // what was typed is kept
  await expect(field(page, contact.labels.name)).toHaveValue('Meena');

  const text = `Sent without scripts (${Date.now()})`;
  await field(page, contact.labels.email).fill('meena@example.com');
  await field(page, contact.labels.number).fill('98450 22222');
  await field(page, contact.labels.message).fill(text);
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByTestId('contact-notice')).toHaveText(contact.toasts.success);
  await context.close();

  const token = await adminToken(request);
  const reply = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  const messages = ((await reply.json()) as { data: ContactMessage[] }).data;
  expect(messages.filter((m) => m.message === text)).toEqual([
    expect.objectContaining({ name: 'Meena', email: 'meena@example.com', number: '+919845022222' }),
  ]);
});

test('contact form posts: other content types and oversized bodies are refused, nothing stored', async ({ request }) => {
  const json = await request.post('/contact', { data: { name: 'A', email: 'a@b.co', number: '1', message: 'x' } });
  expect(json.status()).toBe(415);
  expect(await json.json()).toMatchObject({ success: false, message: apiMessages.formPostsOnly });
  const huge = await request.post('/contact', { form: { name: 'A', email: 'a@b.co', number: '1', message: 'x'.repeat(20_000) } });
  expect(huge.status()).toBe(413);
});
