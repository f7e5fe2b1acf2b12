/** Gallery, projects and community: several images per record, kept or removed on edit. */
import sharp from 'sharp';
import { commonCopy, galleryCopy, namedConfirm, projectCopy, screenCopy } from '../../shared/copy/admin';
import { resources, UNITS_POSITIVE_MESSAGE, type FieldDef } from '../../shared/resources';
import { deleteAndCheckGone, fillFields, publicHtml } from '../fixtures/admin-crud';
import { notAnImage, testImages, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

test('gallery: images with descriptions, 3 thumbnails and +N, category filter with a local category, edit, delete', async ({ page }) => {
  const title = uniqueName('Gallery');
  const category = uniqueName('Cat');
  await openScreen(page, '/admin/gallery', galleryCopy.title);
  // a category added locally joins the filter and the form's choices
  await page.getByLabel(galleryCopy.newCategory, { exact: true }).fill(category);
  await page.getByRole('button', { name: galleryCopy.addCategory }).click();
  await expect(page.getByLabel(galleryCopy.categoryFilter).locator('option', { hasText: category })).toHaveCount(1);

  await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  for (const message of ['Project title is required', 'Category is required', 'At least one image is required'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  await fillFields(page, { 'Project Title': title, Category: { select: category } });
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(notAnImage);
  await expect(page.getByText(commonCopy.notImages, { exact: true })).toBeVisible();
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(4));
  await expect(page.getByRole('img', { name: commonCopy.newImage })).toHaveCount(4);
  await page.getByLabel(galleryCopy.imageDescription(1), { exact: true }).fill('First view');
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByText(galleryCopy.added, { exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(galleryCopy.more(1), { exact: true })).toBeVisible();
  await expect(row.getByRole('img')).toHaveCount(3);
  await page.getByLabel(galleryCopy.categoryFilter).selectOption(category);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel(commonCopy.search).fill('no such gallery title at all');
  await expect(page.getByText(galleryCopy.empty)).toBeVisible();
  await page.getByLabel(commonCopy.search).fill(title);
  await expect(row).toBeVisible();
  const html = await publicHtml(page, '/gallery');
  expect(html).toContain(title);
  expect(html).toContain('First view');

  // edit: drop one kept image, re-describe another
  await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
  await page.getByRole('button', { name: `${commonCopy.removeImage} 4` }).click();
  await page.getByLabel(galleryCopy.imageDescription(2), { exact: true }).fill('Second view');
  await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
  await expect(page.getByText(galleryCopy.updated, { exact: true })).toBeVisible();
  await expect(row.getByRole('img')).toHaveCount(3);
  await expect(row.getByText(galleryCopy.more(1), { exact: true })).toHaveCount(0);
  expect(await publicHtml(page, '/gallery')).toContain('Second view');

  await deleteAndCheckGone(
    page,
    {
      confirmText: (name) => namedConfirm(galleryCopy.confirm, '', name),
      toasts: { deleted: galleryCopy.deleted, created: '', updated: '' },
      publicPath: '/gallery',
    },
    title,
  );
});

test('projects: counts, units only for Construction, counter and limit, filters, keep or remove images, delete', async ({ page }) => {
  const title = uniqueName('Project');
  await openScreen(page, '/admin/project', projectCopy.title);
  const counts = page.getByText(/^Total: \d+ · Completed: \d+ · Ongoing: \d+$/);
  await expect(counts).toBeVisible();
  const before = await counts.textContent();
  await expect(page.getByText(/^Showing \d+ of \d+ projects$/)).toBeVisible();

  await page.getByRole('button', { name: projectCopy.addButton, exact: true }).click();
  await page.getByLabel('Category', { exact: true }).selectOption('Construction');
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  const fields: readonly FieldDef[] = resources.project.fields;
  const required = fields.filter((f) => f.required && f.name !== 'category').map((f) => f.required!);
  for (const message of [...required, UNITS_POSITIVE_MESSAGE, 'At least one image is required'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  // units are enabled only for Construction
  await page.getByLabel('Category', { exact: true }).selectOption('Interior');
  await expect(page.getByLabel('Units (Scope)')).toBeDisabled();
  await page.getByLabel('Category', { exact: true }).selectOption('Construction');
  await expect(page.getByLabel('Units (Scope)')).toBeEnabled();

  const description = page.getByLabel('Description', { exact: true });
  await description.fill('x'.repeat(520));
  await expect(description).toHaveValue('x'.repeat(500));
  await expect(page.getByText('500/500')).toBeVisible();
  await fillFields(page, {
    'Project Title': title,
    Location: 'Hebbal, Bangalore',
    Developer: 'E2E Builders',
    'Units (Scope)': '42',
    'Launch Date': '2026-01-15',
    Description: 'A project made by the admin browser test.',
    Status: { select: 'Ongoing' },
    'Expected Completion': '2027-06-30',
    'Completion (%)': '40',
    Area: '12,000 sq ft',
    Categories: 'Villas\nGated community',
    Awards: 'Best Test Project 2026',
  });
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(2));
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByText(projectCopy.added, { exact: true })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(counts).not.toHaveText(before!);
  const html = await publicHtml(page, '/project/exterior');
  expect(html).toContain(title);

  // filters
  await page.getByLabel(projectCopy.statusFilter).selectOption('Completed');
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  await page.getByLabel(projectCopy.statusFilter).selectOption('');
  await page.getByLabel(commonCopy.search).fill('zz no project matches this zz');
  await expect(page.getByText(projectCopy.emptyFiltered)).toBeVisible();
  await expect(page.getByText(/^Showing 0 of \d+ projects$/)).toBeVisible();
  await page.getByLabel(commonCopy.search).fill(title);
  await expect(page.getByText(/^Showing 1 of \d+ projects$/)).toBeVisible();

  // edit: the form holds the record, remove one existing image and switch to Interior (units become 0)
  await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
  await expect(page.getByLabel('Awards', { exact: true })).toHaveValue('Best Test Project 2026');
  await expect(page.getByRole('img', { name: commonCopy.currentImage })).toHaveCount(2);
  await page.getByRole('button', { name: `${commonCopy.removeImage} 2` }).click();
  await page.getByLabel('Category', { exact: true }).selectOption('Interior');
  await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
  await expect(page.getByText(projectCopy.updated, { exact: true })).toBeVisible();
  const saved = (await (await page.request.get('/api/project')).json()) as { title: string; images: string[]; units: number }[];
  const record = saved.find((p) => p.title === title)!;
  expect(record.images).toHaveLength(1);
  expect(record.units).toBe(0);
  expect(await publicHtml(page, '/project/interior')).toContain(title);

  await deleteAndCheckGone(
    page,
    {
      confirmText: (name) => namedConfirm(projectCopy.confirm, '', name),
      toasts: { deleted: projectCopy.deleted, created: '', updated: '' },
      publicPath: '/project/interior',
    },
    title,
  );
});

test('community: exactly 3 images, submit disabled otherwise, 50-character preview, edit, delete', async ({ page }) => {
  const copy = screenCopy.community;
  const title = uniqueName('Community');
  await openScreen(page, '/admin/about/community', copy.title);
  await page.getByRole('button', { name: copy.add, exact: true }).click();
  const submit = page.getByRole('button', { name: commonCopy.add, exact: true });
  await expect(page.getByText('Please upload exactly 3 images. You currently have 0.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(4));
  await expect(page.getByText('You can only have a total of 3 images...')).toBeVisible();
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(2));
  await expect(page.getByText('Please upload exactly 3 images. You currently have 2.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(1));
  await expect(submit).toBeEnabled();
  await submit.click();
  for (const message of ['Title is required', 'Description is required'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  const description = 'A long description written by the admin browser test to check the preview.';
  await fillFields(page, { Title: title, Description: description });
  await submit.click();
  await expect(page.getByText(copy.created, { exact: true })).toBeVisible();
  await expect(page.getByText(`${description.slice(0, 50)}...`, { exact: true })).toBeVisible();
  expect(await publicHtml(page, '/about')).toContain(title);

  await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
  await page.getByRole('button', { name: `${commonCopy.removeImage} 1` }).click();
  await expect(page.getByText('Please upload exactly 3 images. You currently have 2.')).toBeVisible();
  await expect(page.getByRole('button', { name: commonCopy.update, exact: true })).toBeDisabled();
  await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(1));
  await page.getByLabel('Title', { exact: true }).fill(`${title} v2`);
  await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
  await expect(page.getByText(copy.updated, { exact: true })).toBeVisible();
  await deleteAndCheckGone(
    page,
    {
      confirmText: (name) => namedConfirm(copy.confirm, '', name),
      toasts: { deleted: copy.deleted, created: '', updated: '' },
      publicPath: '/about',
    },
    `${title} v2`,
  );
});

test('uploads show their progress while sending', async ({ page, token }) => {
  const title = uniqueName('Slow upload');
  // a noisy image that does not compress, sent over a slow uplink
  const noisy = await sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 300, height: 300, channels: 3 },
  })
    .png()
    .toBuffer();
  await openScreen(page, '/admin/gallery', galleryCopy.title);
  await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();
  await fillFields(page, { 'Project Title': title, Category: { select: 'Interior' } });
  await page.getByLabel(commonCopy.chooseImages).setInputFiles({ name: 'noisy.png', mimeType: 'image/png', buffer: noisy });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 60 * 1024 });
  await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();
  await expect(page.getByText(galleryCopy.added, { exact: true })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const items = ((await (await page.request.get('/api/gallery')).json()) as { data: { _id: string; title: string }[] }).data;
  const created = items.find((item) => item.title === title)!;
  const removed = await page.request.delete(`/api/gallery/${created._id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(removed.ok()).toBe(true);
});
