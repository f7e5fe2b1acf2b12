/** Team members: always-visible form, card grid, edit scrolls up, the card overlay confirmation. */
import { commonCopy, screenCopy } from '../../shared/copy/admin';
import { fillFields, publicHtml } from '../fixtures/admin-crud';
import { notAnImage, testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

const copy = screenCopy.team;

test('team members: add with an image, see the card and the About page, edit from the top, delete on the card overlay', async ({
  page,
}) => {
  const name = uniqueName('Member');
  await openScreen(page, '/admin/TeamMembers', copy.title);
  await expect(page.getByRole('heading', { name: copy.formAdd })).toBeVisible();
  await page.getByRole('button', { name: copy.submitAdd }).click();
  for (const message of ['Name is required', 'Title is required', 'Image is required'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await fillFields(page, { Name: name, Title: 'Site Engineer', Description: 'Keeps every site safe and on time.' });
  await page.getByLabel('Image *', { exact: true }).setInputFiles(notAnImage);
  await expect(page.getByText(commonCopy.notAnImage, { exact: true })).toBeVisible();
  await page.getByLabel('Image *', { exact: true }).setInputFiles(await testImage());
  await page.getByRole('button', { name: copy.submitAdd }).click();
  await expect(page.getByText(copy.created, { exact: true })).toBeVisible();
  const cardItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(cardItem).toBeVisible();
  // the form went back to empty add mode
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  expect(await publicHtml(page, '/about')).toContain(name);

  await cardItem.scrollIntoViewIfNeeded();
  await cardItem.getByRole('button', { name: `${commonCopy.edit} ${name}` }).click();
  await expect(page.getByRole('heading', { name: copy.formEdit })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('Title', { exact: true }).fill('Chief Site Engineer');
  await page.getByRole('button', { name: copy.submitEdit }).click();
  await expect(page.getByText(copy.updated, { exact: true })).toBeVisible();
  await expect(cardItem.getByText('Chief Site Engineer')).toBeVisible();
  await expect(page.getByRole('heading', { name: copy.formAdd })).toBeVisible();

  // the overlay: cancel keeps the card, delete removes it
  await cardItem.getByRole('button', { name: `${commonCopy.delete} ${name}` }).click();
  const overlay = cardItem.getByRole('alertdialog');
  await expect(overlay.getByText(copy.confirmTitle)).toBeVisible();
  await expect(overlay.getByText(copy.confirm(name))).toBeVisible();
  await overlay.getByRole('button', { name: commonCopy.cancel }).click();
  await expect(overlay).toHaveCount(0);
  await cardItem.getByRole('button', { name: `${commonCopy.delete} ${name}` }).click();
  await overlay.getByRole('button', { name: commonCopy.delete, exact: true }).click();
  await expect(page.getByText(copy.deleted, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
  expect(await publicHtml(page, '/about')).not.toContain(name);
});
