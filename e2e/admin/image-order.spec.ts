/**
 * Photos of a multi-image item are put in order (the first is the cover) by keyboard and by mouse, a new
 * photo included; the order is saved, survives a reload and is the public page's; the focal-point
 * preview of a portrait phone photo keeps its shape on a phone.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { commonCopy, galleryCopy, lifecycleCopy } from '../../shared/copy/admin';
import { fillFields, publicHtml } from '../fixtures/admin-crud';
import { testImage, testImages, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const altOf = (page: Page, n: number) => page.getByLabel(commonCopy.altTextOf(n), { exact: true });
const handle = (page: Page, n: number) =>
  page.getByRole('button', { name: lifecycleCopy.dragHandle(commonCopy.imageNumber(n)), exact: true });

/** Drags by the mouse from one handle onto another image's card, in small steps as a hand would. */
async function dragByMouse(page: Page, from: Locator, onto: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await onto.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  const [x, y] = [end.x + end.width / 2, end.y + end.height / 2];
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(x, y, { steps: 20 });
  await page.mouse.move(x, y + 2, { steps: 2 });
  await page.mouse.up();
}

async function storedAlts(page: Page, title: string): Promise<string[]> {
  const reply = (await (await page.request.get('/api/gallery')).json()) as { data: { title: string; images: { alt: string }[] }[] };
  return reply.data.find((item) => item.title === title)!.images.map((image) => image.alt);
}

test('photos are reordered by keyboard and by mouse, a new one becomes the cover; saved, kept on reload and on the public page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = uniqueName('Ordered gallery');
  const alts = ['Photo A', 'Photo B', 'Photo C'].map((alt) => uniqueName(alt));
  await openScreen(page, '/admin/gallery', galleryCopy.title);
  await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();
  await fillFields(page, { 'Project Title': title, Category: { select: 'Interior' } });
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(3));
  for (const [i, alt] of alts.entries()) await altOf(page, i + 1).fill(alt);
  await expect(page.getByText(commonCopy.cover, { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByText(galleryCopy.added, { exact: true })).toBeVisible();
  expect(await storedAlts(page, title)).toEqual(alts);

  // keyboard: Space on the third image's Move handle, arrows to the front, Space to drop
  await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
  const third = handle(page, 3);
  await third.focus();
  await page.keyboard.press('Space');
  // the arrows move it only once dnd-kit's keyboard sensor holds it (a fast key can land before)
  await expect(third).toHaveAttribute('aria-pressed', 'true');
  // an arrow pressed before dnd-kit has measured the drop targets moves nothing: press until the live region says
  // it reached the front (the first place is a wall, so an extra press cannot overshoot)
  const atFront = page.getByText(lifecycleCopy.moved(commonCopy.imageNumber(3), 1, 3), { exact: true });
  await expect(async () => {
    await page.keyboard.press('ArrowLeft');
    await expect(atFront).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(altOf(page, 1)).toHaveValue(alts[2]);
  await expect(altOf(page, 2)).toHaveValue(alts[0]);
  await expect(altOf(page, 3)).toHaveValue(alts[1]);

  // a new photo, dragged by the mouse onto the first place: the cover
  const added = uniqueName('Photo D');
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImage('new.png'));
  await altOf(page, 4).fill(added);
  await dragByMouse(page, handle(page, 4), page.getByRole('button', { name: new RegExp(`^${commonCopy.focalPointOf(1)}:`) }));
  await expect(altOf(page, 1)).toHaveValue(added);
  await expect(altOf(page, 2)).toHaveValue(alts[2]);
  const cards = page.getByRole('listitem').filter({ has: page.getByLabel(commonCopy.altTextOf(1), { exact: true }) });
  await expect(cards.getByText(commonCopy.cover, { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
  await expect(page.getByText(galleryCopy.updated, { exact: true })).toBeVisible();

  const order = [added, alts[2], alts[0], alts[1]];
  expect(await storedAlts(page, title)).toEqual(order);
  await page.reload();
  await page.getByLabel(commonCopy.search).fill(title);
  await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
  for (const [i, alt] of order.entries()) await expect(altOf(page, i + 1)).toHaveValue(alt);
  // the public gallery's card shows the cover
  const html = await publicHtml(page, '/gallery');
  const card = html.slice(html.indexOf(title) - 3000, html.indexOf(title));
  expect(card).toMatch(new RegExp(`<img[^>]*alt="${added}"`));
  expect(card).not.toMatch(new RegExp(`<img[^>]*alt="${alts[2]}"`));
});

test('on a phone, a portrait photo’s focal-point preview keeps its shape (not a strip)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#6a8caf' } })
    .png()
    .toBuffer();
  await openScreen(page, '/admin/gallery', galleryCopy.title);
  await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();
  await page.getByLabel(commonCopy.chooseImages).setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: portrait });
  const preview = page.getByRole('img', { name: commonCopy.newImage });
  await expect(preview).toBeVisible();
  await expect
    .poll(async () => (await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)) as boolean)
    .toBe(true);
  const box = (await preview.boundingBox())!;
  console.log(`portrait preview on a 390 px phone: ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
  expect(box.width / box.height).toBeCloseTo(600 / 800, 1);
  expect(box.height).toBeGreaterThanOrEqual(200);
  expect(box.height).toBeLessThanOrEqual(320);
  // the focal point's button covers the photo exactly, so a click lands where it points
  const focal = page.getByRole('button', { name: new RegExp(`^${commonCopy.focalPointOf(1)}:`) });
  const focalBox = (await focal.boundingBox())!;
  expect(Math.abs(focalBox.height - box.height)).toBeLessThan(2);
  await focal.click({ position: { x: focalBox.width * 0.5, y: focalBox.height * 0.25 } });
  await expect(focal).toHaveAccessibleName(new RegExp(`: 50% ${commonCopy.focusX}, 25% ${commonCopy.focusY}$`));
});
