/** The About Us editor (saved to the server, shown on the public About page) and the Account screen. */
import { PASSWORD_MIN_LENGTH } from '../../shared/admin-limits';
import { ABOUT_CARD_REQUIRED, ABOUT_FILL_ALL, type AboutContent } from '../../shared/about-content';
import { apiMessages } from '../../shared/api-messages';
import { aboutEditorCopy as copy, accountCopy, commonCopy, loginCopy } from '../../shared/copy/admin';
import { publicHtml } from '../fixtures/admin-crud';
import { uniqueName } from '../fixtures/admin-images';
import { confirmPassword, expect, openScreen, test } from '../fixtures/admin-login';

test('About Us editor: save a section, validation, reset with confirm, add / edit / delete a card; the About page shows it', async ({
  page,
  token,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const original = ((await (await page.request.get('/api/about-content')).json()) as { data: AboutContent }).data;
  try {
    await openScreen(page, '/admin/about', copy.title);
    const hero = page.getByRole('region', { name: copy.hero });
    const heroTitle = uniqueName('About hero');
    await hero.getByLabel(copy.heroFields.title, { exact: true }).fill(heroTitle);
    await hero.getByRole('button', { name: copy.saveSection }).click();
    await expect(page.getByText(copy.saved)).toBeVisible();
    expect(await publicHtml(page, '/about')).toContain(heroTitle);

    const main = page.getByRole('region', { name: copy.main });
    await main.getByLabel(copy.mainFields.subtitle, { exact: true }).fill('   ');
    await main.getByRole('button', { name: copy.saveSection }).click();
    await expect(main.getByText(ABOUT_FILL_ALL)).toBeVisible();

    const years = page.getByRole('region', { name: copy.years });
    await years.getByRole('button', { name: copy.reset }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(copy.resetConfirm)).toBeVisible();
    await dialog.getByRole('button', { name: copy.reset }).click();
    await expect(years.getByLabel(copy.yearsFields.number, { exact: true })).toHaveValue('');
    await years.getByLabel(copy.yearsFields.number, { exact: true }).fill('25+');
    await years.getByLabel(copy.yearsFields.description, { exact: true }).fill('Years of building in Bangalore.');
    await years.getByRole('button', { name: copy.saveSection }).click();
    await expect(page.getByText(copy.saved).first()).toBeVisible();

    const cards = page.getByRole('region', { name: copy.cards });
    await cards.getByRole('button', { name: copy.addCard }).click();
    await expect(cards.getByText(ABOUT_CARD_REQUIRED)).toBeVisible();
    const cardTitle = uniqueName('Card');
    await cards.getByLabel(copy.cardFields.title, { exact: true }).fill(cardTitle);
    await cards.getByLabel(copy.cardFields.description, { exact: true }).fill('Added by the admin browser test.');
    await cards.getByRole('button', { name: copy.addCard }).click();
    await expect(cards.getByText(cardTitle, { exact: true })).toBeVisible();
    await cards.getByRole('button', { name: `${commonCopy.edit} ${cardTitle}` }).click();
    await expect(cards.getByLabel(copy.cardFields.title, { exact: true })).toHaveValue(cardTitle);
    await cards.getByLabel(copy.cardFields.title, { exact: true }).fill(`${cardTitle} edited`);
    await cards.getByRole('button', { name: copy.updateCard }).click();
    await expect(cards.getByText(`${cardTitle} edited`, { exact: true })).toBeVisible();
    expect(await publicHtml(page, '/about')).toContain(`${cardTitle} edited`);
    await cards.getByRole('button', { name: `${commonCopy.delete} ${cardTitle} edited` }).click();
    await expect(page.getByRole('alertdialog').getByText(copy.deleteCardConfirm)).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: commonCopy.delete }).click();
    await expect(cards.getByText(`${cardTitle} edited`, { exact: true })).toHaveCount(0);
  } finally {
    // the demo About page is shared with the public-site tests
    await page.request.put('/api/about-content', { headers, data: original });
  }
});

test('Account: add and remove an admin; a wrong current password is refused; a new admin changes their password and logs in again', async ({
  page,
  token,
}) => {
  const email = `${uniqueName('admin').replace(/\s+/g, '-')}@example.com`;
  const password = 'first-password-12345';
  await openScreen(page, '/admin/account', accountCopy.title);

  const changeForm = page.getByRole('region', { name: accountCopy.changePassword });
  await changeForm.getByLabel(accountCopy.currentPassword).fill('not-my-password-123');
  await changeForm.getByLabel(accountCopy.newPassword(PASSWORD_MIN_LENGTH)).fill('another-long-password');
  await changeForm.getByRole('button', { name: accountCopy.changeSubmit }).click();
  await expect(changeForm.getByRole('alert')).toHaveText(apiMessages.passwordWrong);

  const admins = page.getByRole('region', { name: accountCopy.admins });
  await admins.getByLabel(accountCopy.adminEmail, { exact: true }).fill(email);
  await admins.getByLabel(accountCopy.adminPassword(PASSWORD_MIN_LENGTH)).fill(password);
  await admins.getByRole('button', { name: accountCopy.addAdmin }).click();
  await confirmPassword(page);
  await expect(admins.getByText(email, { exact: true })).toBeVisible();

  // the new admin logs in, changes their password, and must log in again with it
  const other = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await other.goto('/admin/login');
  await other.getByLabel(loginCopy.email).fill(email);
  await other.getByLabel(loginCopy.password, { exact: true }).fill(password);
  await other.getByRole('button', { name: loginCopy.submit, exact: true }).click();
  await expect(other).toHaveURL(/\/admin\/dashboard$/);
  await other.goto('/admin/account');
  const otherChange = other.getByRole('region', { name: accountCopy.changePassword });
  await otherChange.getByLabel(accountCopy.currentPassword).fill(password);
  await otherChange.getByLabel(accountCopy.newPassword(PASSWORD_MIN_LENGTH)).fill('second-password-12345');
  await otherChange.getByRole('button', { name: accountCopy.changeSubmit }).click();
  await expect(other).toHaveURL(/\/admin\/login$/);
  const relogin = await other.request.post('/api/admins/login', { data: { email, password: 'second-password-12345' } });
  expect(relogin.ok()).toBe(true);
  await other.close();

  await admins.getByRole('button', { name: `${accountCopy.remove} ${email}` }).click();
  await expect(page.getByRole('alertdialog').getByText(accountCopy.confirmRemove(email))).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: accountCopy.remove }).click();
  await confirmPassword(page);
  await expect(admins.getByText(email, { exact: true })).toHaveCount(0);
  const list = (await (await page.request.get('/api/admins', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { email: string }[];
  };
  expect(list.data.map((a) => a.email)).not.toContain(email);
});
