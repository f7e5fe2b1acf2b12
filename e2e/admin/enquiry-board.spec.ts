/**
 * The enquiry pipeline's board (issue 26, docs/decisions/0040) on the real server: reached from the inbox, an
 * enquiry moved to the next stage by keyboard (Space, right arrow, Space) and on by a mouse drag, each move
 * stored (the API says so); Lost asks for its reason; the message view shows stage, owner, follow-up and notes; axe.
 */
import { messagesCopy, pipelineCopy as copy } from '../../shared/copy/admin';
import type { InboxListReply } from '../../shared/contact-inbox';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

test('an enquiry moves across the board by keyboard and by drag, and its message shows the pipeline', async ({ page, token }) => {
  const name = uniqueName('Board visitor');
  const sent = await page.request.post('/api/user', {
    data: { name, email: 'board.visitor@example.com', number: '+91 98450 77777', message: 'A villa, please.' },
  });
  expect(sent.status()).toBe(201);
  const stored = async () => {
    const reply = await page.request.get(`/api/user?page=1&q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await reply.json()) as InboxListReply).data[0];
  };

  await openScreen(page, '/admin/users', messagesCopy.title);
  await page.getByRole('link', { name: copy.boardLink, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy.boardTitle })).toBeVisible();
  const column = (stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
  const card = page.getByTestId('board-card').filter({ hasText: name });
  await expect(column('New').getByTestId('board-card').filter({ hasText: name })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);

  // by keyboard: the handle picks it up, the right arrow carries it to the next stage, Space drops it
  const handle = (stage: string) => page.getByRole('button', { name: copy.dragHandle(name, stage) });
  // each key waits for the live region to say what it did (the columns are measured once the drag has started)
  const said = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  // the first arrow after a pick-up can come before the columns are measured and do nothing (seen once in CI): it is
  // pressed again while the live region still says the pick-up; a press that moved the card changed that, so none overshoots
  const firstArrow = (pickedUp: string, over: string) =>
    expect(async () => {
      if (await page.getByText(pickedUp, { exact: true }).count()) await page.keyboard.press('ArrowRight');
      await expect(page.getByText(over, { exact: true })).toBeAttached({ timeout: 1000 });
    }).toPass();
  await handle('New').focus();
  await page.keyboard.press('Space');
  await said(copy.pickedUp(name, 'New'));
  await firstArrow(copy.pickedUp(name, 'New'), copy.movedOver(name, 'Contacted'));
  await page.keyboard.press('Space');
  await expect(column('Contacted').getByTestId('board-card').filter({ hasText: name })).toHaveCount(1);
  await expect.poll(async () => (await stored()).stage).toBe('Contacted');
  await expect(handle('Contacted')).toBeVisible();

  // by mouse: dragged by its handle onto the Site visit column
  const from = (await handle('Contacted').boundingBox())!;
  const to = (await column('Site visit').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
  await expect(column('Site visit').getByTestId('board-card').filter({ hasText: name })).toHaveCount(1);
  await expect.poll(async () => (await stored()).stage).toBe('Site visit');

  // onto Lost: the reason is asked first
  await handle('Site visit').focus();
  await page.keyboard.press('Space');
  await said(copy.pickedUp(name, 'Site visit'));
  await firstArrow(copy.pickedUp(name, 'Site visit'), copy.movedOver(name, 'Quoted'));
  for (const stage of ['Won', 'Lost']) {
    await page.keyboard.press('ArrowRight');
    await said(copy.movedOver(name, stage));
  }
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: copy.lostTitle(name) });
  await dialog.getByLabel(copy.lostReasonLabel).fill('Chose a smaller flat');
  await dialog.getByRole('button', { name: copy.move }).click();
  await expect(column('Lost').getByTestId('board-card').filter({ hasText: name })).toHaveCount(1);
  await expect.poll(async () => (await stored()).lostReason).toBe('Chose a smaller flat');

  // the message opened from its card: stage, owner, follow-up and a note
  await card.getByRole('button', { name: messagesCopy.openLabel(name) }).click();
  const pipeline = page.getByTestId('message-pipeline');
  await expect(pipeline.getByLabel(copy.stageLabel)).toHaveValue('Lost');
  await pipeline.getByLabel(copy.stageLabel).selectOption('Quoted');
  await expect(column('Quoted').getByTestId('board-card').filter({ hasText: name })).toHaveCount(1);
  await pipeline.getByLabel(copy.ownerLabel).selectOption({ index: 1 });
  await expect(card).toContainText('@');
  await pipeline.getByLabel(copy.followUpLabel).fill('2026-12-24');
  await pipeline.getByRole('button', { name: copy.save }).click();
  await expect(card).toContainText(copy.followUpOn('2026-12-24'));
  await pipeline.getByLabel(copy.noteLabel).fill('Called; sending the brochure.');
  await pipeline.getByRole('button', { name: copy.addNote }).click();
  await expect(page.getByTestId('message-notes')).toContainText('Called; sending the brochure.');
  await expectNoSeriousAxeViolations(page);
  expect(await stored()).toMatchObject({ stage: 'Quoted', followUpOn: '2026-12-24', lostReason: null });
});
