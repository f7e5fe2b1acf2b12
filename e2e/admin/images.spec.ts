/**
 * Images that suit phone photos (docs/decisions/0022), on the demo server: a 12 MB 6000×4000 phone JPEG
 * is scaled down in the browser and accepted (orientation kept), alt texts and the focal point reach the
 * public HTML, several files dropped at once join a gallery item, and the changed forms pass axe.
 */
import sharp from 'sharp';
import { DEFAULT_MAX_IMAGE_MB } from '../../shared/admin-limits';
import { clientCopy, commonCopy, galleryCopy } from '../../shared/copy/admin';
import { fillFields, publicHtml } from '../fixtures/admin-crud';
import { testImages, uniqueName } from '../fixtures/admin-images';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { expect, openScreen, test } from '../fixtures/admin-login';

const MB = 1024 * 1024;

/** A grainy 6000×4000 JPEG as a phone takes it, held sideways: EXIF orientation 6 (shown as 4000×6000). */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 6000, height: 4000, channels: 3, background: '#7a8a70', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 84 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The focal point a preview's button names ("Focal point: 30% from the left, 75% from the top"). */
async function focalPointOf(name: string, page: import('@playwright/test').Page): Promise<[number, number]> {
  const label = (await page.getByRole('button', { name }).getAttribute('aria-label')) ?? '';
  const [x, y] = [...label.matchAll(/(\d+)%/g)].map((match) => Number(match[1]));
  return [x, y];
}

test('a 12 MB 6000×4000 phone photo is scaled in the browser and accepted; its alt text and focal point reach the public page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(11.5 * MB);
  const name = uniqueName('Phone photo client');
  const alt = uniqueName('A couple on the veranda of their new home');

  await openScreen(page, '/admin/client', clientCopy.title);
  await page.getByRole('button', { name: clientCopy.addButton, exact: true }).first().click();
  await fillFields(page, {
    'Client Name': name,
    'Project Title': 'Veranda villa',
    Testimonial: 'Our photo went straight from the phone.',
    Category: { select: 'Residential' },
  });
  const picked = Date.now();
  await page
    .getByLabel(`${commonCopy.image} *`, { exact: true })
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText(commonCopy.preparingPhoto)).toBeVisible();
  await expect(page.getByRole('img', { name: commonCopy.newImage })).toBeVisible({ timeout: 90_000 });
  test.info().annotations.push({ type: 'prepared in', description: `${Date.now() - picked} ms (${(photo.length / MB).toFixed(1)} MB)` });
  await expect(page.getByText(commonCopy.tooLarge(DEFAULT_MAX_IMAGE_MB), { exact: true })).toHaveCount(0);

  // the focal point: a click on the preview, then the arrow keys on it
  await page.getByLabel(commonCopy.altText, { exact: true }).fill(alt);
  const focal = page.getByRole('button', { name: new RegExp(`^${commonCopy.focalPoint}:`) });
  const box = (await focal.boundingBox())!;
  await focal.click({ position: { x: box.width * 0.2, y: box.height * 0.8 } });
  await focal.press('ArrowRight');
  const [x, y] = await focalPointOf(`${commonCopy.focalPoint}:`, page);
  expect(x).toBeGreaterThanOrEqual(20);
  expect(x).toBeLessThanOrEqual(30);
  expect(y).toBeGreaterThanOrEqual(75);
  expect(y).toBeLessThanOrEqual(85);
  await expectNoSeriousAxeViolations(page);

  // what will go up is the scaled copy the preview shows: under the server's limit, a JPEG at most 4000 px on its longest side, upright
  const prepared = await page.getByRole('img', { name: commonCopy.newImage }).evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
  expect(Math.max(prepared.width, prepared.height)).toBe(4000);
  expect(prepared.height).toBeGreaterThan(prepared.width);

  // the photo goes up with the Add: a create, or the draft of it an autosave made while the photo was read (decision 0046)
  const sent = page.waitForRequest(
    (request) =>
      (request.method() === 'POST' && request.url().endsWith('/api/clients')) ||
      (request.method() === 'PUT' && /\/api\/clients\/[^/]+\/draft$/.test(request.url())),
  );
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  // the server still refuses anything over MAX_IMAGE_MB (413): its 201 (200 for the draft) is the proof the scaled copy fitted
  const response = await (await sent).response();
  expect([200, 201]).toContain(response?.status());
  test.info().annotations.push({ type: 'saved in', description: `${Date.now() - picked} ms after picking` });
  await expect(page.getByText(clientCopy.added, { exact: true })).toBeVisible({ timeout: 30_000 });

  // the record: accepted, portrait (orientation kept), no more than 4000 px wide
  const clients = (await (await page.request.get('/api/clients')).json()) as Record<string, unknown>[];
  const record = clients.find((client) => client.name === name)!;
  expect(record).toMatchObject({ imageAlt: alt, imageFocusX: x, imageFocusY: y });
  const [, width, height] = /_(\d+)x(\d+)\.webp$/.exec(String(record.image))!.map(Number);
  expect(width).toBeLessThanOrEqual(4000);
  expect(height).toBeGreaterThan(width);

  // the list shows no "No alt text" mark for it; the public page has the alt text and the focal point
  await expect(page.getByRole('row').filter({ hasText: name }).getByText(commonCopy.noAltText)).toHaveCount(0);
  const html = await publicHtml(page, '/client');
  const img = new RegExp(`<img[^>]*alt="${alt}"[^>]*>`).exec(html)?.[0] ?? '';
  expect(img).toContain(`object-position:${x}% ${y}%`);
});

test('several files dropped at once join a gallery item; each image’s alt text reaches the public page, a missing one is marked', async ({
  page,
}) => {
  const title = uniqueName('Dropped gallery');
  const alts = [uniqueName('Sunlit living room'), uniqueName('Kitchen island in oak')];
  await openScreen(page, '/admin/gallery', galleryCopy.title);
  await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();
  await fillFields(page, { 'Project Title': title, Category: { select: 'Interior' } });

  // a real drop: a DataTransfer holding three PNG files, dispatched on the drop zone
  const files = (await testImages(3)).map((file) => ({ name: file.name, type: file.mimeType, data: file.buffer.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.data), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
  const zone = page.getByTestId('image-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('img', { name: commonCopy.newImage })).toHaveCount(3);

  // each image: a visible Description label beside its own Alt text input
  await expect(page.getByText(galleryCopy.description, { exact: true })).toHaveCount(3);
  await page.getByLabel(galleryCopy.imageDescription(1), { exact: true }).fill('The living room');
  await page.getByLabel(commonCopy.altTextOf(1), { exact: true }).fill(alts[0]);
  await page.getByLabel(commonCopy.altTextOf(2), { exact: true }).fill(alts[1]);
  await page.getByRole('button', { name: commonCopy.focalPointOf(2) }).focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  expect(await focalPointOf(commonCopy.focalPointOf(2), page)).toEqual([50, 40]);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByText(galleryCopy.added, { exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(commonCopy.noAltTextCount(1, 3), { exact: true })).toBeVisible();
  const reply = (await (await page.request.get('/api/gallery')).json()) as { data: { title: string; images: unknown[] }[] };
  expect(reply.data.find((item) => item.title === title)?.images).toEqual([
    expect.objectContaining({ description: 'The living room', alt: alts[0], focusX: 50, focusY: 50 }),
    expect.objectContaining({ alt: alts[1], focusX: 50, focusY: 40 }),
    expect.objectContaining({ alt: '', focusX: 50, focusY: 50 }),
  ]);
  // the card shows the first image, described by its alt text rather than the title
  const html = await publicHtml(page, '/gallery');
  expect(html).toMatch(new RegExp(`<img[^>]*alt="${alts[0]}"`));

  // edit: the alt text of a kept image changes, and the public page follows
  await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
  const changed = uniqueName('Living room at dusk');
  await page.getByLabel(commonCopy.altTextOf(1), { exact: true }).fill(changed);
  await page.getByLabel(commonCopy.altTextOf(3), { exact: true }).fill('Hallway with a carved door');
  await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
  await expect(page.getByText(galleryCopy.updated, { exact: true })).toBeVisible();
  await expect(row.getByText(commonCopy.noAltText)).toHaveCount(0);
  expect(await publicHtml(page, '/gallery')).toMatch(new RegExp(`<img[^>]*alt="${changed}"`));
});

test('the demo content has alt texts on the public pages, not only titles', async ({ page }) => {
  const html = await publicHtml(page, '/');
  expect(html).toMatch(/<img[^>]*alt="Drawing of a building: Lakeview Villas, Whitefield"/);
  const gallery = await publicHtml(page, '/gallery');
  expect(gallery).toMatch(/<img[^>]*alt="Double-height living room with teak panelling"/);
});
