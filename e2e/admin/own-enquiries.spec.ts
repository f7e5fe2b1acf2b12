/**
 * An Editor (no enquiries area) and the enquiries assigned to it (issue 26, docs/decisions/0040) on the demo server:
 * the assignment mail's link opens the enquiry with its contact details; "My enquiries" in the sidebar lists only its
 * own, without Export CSV or the owner filter; it moves the stage, sets the follow-up and adds a note (the API confirms
 * each); another enquiry's address says it is not theirs; axe.
 */
import { messagesCopy, pipelineCopy as copy } from '../../shared/copy/admin';
import type { InboxMessage } from '../../shared/contact-inbox';
import { pipelineMessages } from '../../shared/enquiry-pipeline';
import { uniqueName } from '../fixtures/admin-images';
import { accountEmail, addAccount, expect, signIn, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { mailWithSubject } from '../fixtures/sunk-mail';

const PASSWORD = 'a-long-password-for-the-site-engineer';

test('an Editor opens the enquiry assigned to it from the mail, sees only its own and works on it', async ({
  page,
  token,
  browser,
  baseURL,
}) => {
  const authorization = `Bearer ${token}`;
  const email = accountEmail('site-engineer');
  const remove = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const [mine, theirs] = [uniqueName('Assigned visitor'), uniqueName('Unassigned visitor')];
  for (const name of [mine, theirs]) {
    const sent = await page.request.post('/api/user', {
      data: { name, email: 'assigned.visitor@example.com', number: '+91 98450 66666', message: 'A site visit on Sunday, please.' },
    });
    expect(sent.status()).toBe(201);
  }
  const find = async (name: string) => {
    const reply = await page.request.get(`/api/user?page=1&q=${encodeURIComponent(name)}`, { headers: { authorization } });
    return ((await reply.json()) as { data: InboxMessage[] }).data[0];
  };
  const [mineId, theirsId] = [(await find(mine))._id, (await find(theirs))._id];
  const editorId = (await (await page.request.get('/api/user/owners', { headers: { authorization } })).json()).data.find(
    (owner: { email: string }) => owner.email === email,
  )._id;
  const assigned = await page.request.put(`/api/user/${mineId}/owner`, { headers: { authorization }, data: { ownerId: editorId } });
  expect(assigned.status()).toBe(200);

  const context = await browser.newContext({ baseURL, storageState: undefined });
  const own = await context.newPage();
  try {
    await signIn(own, email, PASSWORD);
    await expect(own).toHaveURL(/\/admin\/dashboard$/);

    // the assignment mail's link opens the enquiry, contact details and all
    const mail = await mailWithSubject(page, `Enquiry assigned to you: ${mine}`);
    expect(mail.to).toEqual([email]);
    const { pathname, search } = new URL(/\S+\/admin\/users\?message=\S+/.exec(mail.text)?.[0] ?? '');
    await own.goto(`${pathname}${search}`);
    const dialog = own.getByRole('dialog', { name: messagesCopy.detailTitle(mine) });
    await expect(dialog).toContainText('assigned.visitor@example.com');
    await expect(dialog).toContainText('+91 98450 66666');
    await expect(dialog.getByLabel(messagesCopy.statusLabel)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: messagesCopy.delete })).toHaveCount(0);
    await expect(dialog.getByLabel(copy.ownerLabel)).toHaveCount(0);
    await expect(dialog.getByTestId('message-pipeline')).toContainText(email);
    await expectNoSeriousAxeViolations(own);

    // stage, follow-up and a note, each stored; the list behind shows each once read again (the panel is drawn anew then)
    const pipeline = dialog.getByTestId('message-pipeline');
    const row = own.getByTestId('message-row').filter({ hasText: mine });
    await pipeline.getByLabel(copy.stageLabel).selectOption('Site visit');
    await expect(row).toContainText('Site visit');
    await expect.poll(async () => (await find(mine)).stage).toBe('Site visit');
    await pipeline.getByLabel(copy.followUpLabel).fill('2026-12-24');
    await pipeline.getByRole('button', { name: copy.save }).click();
    await expect(row).toContainText(copy.followUpOn('2026-12-24'));
    await expect.poll(async () => (await find(mine)).followUpOn).toBe('2026-12-24');
    await pipeline.getByLabel(copy.noteLabel).fill('Showed the plot; they liked the corner unit.');
    await pipeline.getByRole('button', { name: copy.addNote }).click();
    await expect(own.getByTestId('message-notes')).toContainText('Showed the plot; they liked the corner unit.');

    // the sidebar's way in: only its own, no CSV of everyone's, no owner filter
    await own.goto('/admin/dashboard');
    await own.getByTestId('admin-sidebar').getByRole('link', { name: copy.myEnquiries }).click();
    await expect(own.getByRole('heading', { level: 1, name: copy.myEnquiries })).toBeVisible();
    await expect(own.getByTestId('message-row').filter({ hasText: mine })).toHaveCount(1);
    await expect(own.getByTestId('message-row').filter({ hasText: theirs })).toHaveCount(0);
    await expect(own.getByRole('button', { name: messagesCopy.exportCsv })).toHaveCount(0);
    await expect(own.getByLabel(copy.ownerFilter)).toHaveCount(0);
    await expectNoSeriousAxeViolations(own);

    // another enquiry's address: the server's refusal, and nothing opened
    await own.goto(`/admin/users?message=${theirsId}`);
    await expect(own.getByText(pipelineMessages.notYourEnquiry)).toBeVisible();
    await expect(own.getByRole('dialog')).toHaveCount(0);
  } finally {
    await context.close();
    await remove();
  }
});
