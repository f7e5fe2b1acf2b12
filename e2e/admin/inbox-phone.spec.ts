/** The inbox on a phone: an opened message offers Call (tel:) and WhatsApp (wa.me) beside Reply, with the number in E.164. */
import { messagesCopy as copy } from '../../shared/copy/admin';
import type { InboxMessage } from '../../shared/contact-inbox';
import { uniqueName } from '../fixtures/admin-images';
import { expect, test } from '../fixtures/admin-login';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, an opened message has Call (tel:+91…) and WhatsApp (wa.me/91…) beside Reply by e-mail', async ({ page, token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const name = uniqueName('Phone visitor');
  // typed without the country code, as people in Bangalore do
  const sent = await page.request.post('/api/user', {
    data: { name, email: 'phone.visitor@example.com', number: '99000 54321', message: 'Please call about a wardrobe.' },
  });
  expect(sent.status()).toBe(201);
  try {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
    await page.getByLabel(copy.search).fill(name);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('+91 99000 54321');
    await card.getByRole('button', { name: copy.openLabel(name) }).click();

    const dialog = page.getByRole('dialog', { name: copy.detailTitle(name) });
    const reply = dialog.getByRole('link', { name: copy.reply });
    const call = dialog.getByRole('link', { name: copy.callLabel(name, '+91 99000 54321') });
    const whatsapp = dialog.getByRole('link', { name: copy.whatsappLabel(name) });
    await expect(call).toHaveAttribute('href', 'tel:+919900054321');
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/919900054321\?text=/);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    // beside Reply: the same row of actions, all on screen
    for (const action of [reply, call, whatsapp]) await expect(action).toBeInViewport();
    const replyNode = await reply.elementHandle();
    expect(await call.evaluate((node, other) => node.parentElement === other?.parentElement, replyNode)).toBe(true);
    expect(await whatsapp.evaluate((node, other) => node.parentElement === other?.parentElement, replyNode)).toBe(true);
  } finally {
    const listed = (await (await page.request.get(`/api/user?q=${encodeURIComponent(name)}`, { headers })).json()) as {
      data: InboxMessage[];
    };
    for (const message of listed.data) await page.request.delete(`/api/user/${message._id}`, { headers });
  }
});
