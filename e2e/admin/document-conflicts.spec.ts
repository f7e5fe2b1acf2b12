/**
 * No silent overwrite of the two documents (docs/decisions/0044) on the demo server, each side in a browser of its own.
 * About content: the admin saves a section; an Editor's save of another section meets it, sees the difference and merges
 * (both kept); then the Editor's autosave meets the admin's next change, stops, and the merge is saved as a draft.
 * Site settings (Admins only): two sessions of the admin, the second save meets the first and merges. The demo documents
 * are put back at the end.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AboutContent } from '../../shared/about-content';
import { aboutEditorCopy as about, conflictCopy, draftCopy, siteSettingsCopy as settings } from '../../shared/copy/admin';
import { siteSettingsMessages, type SiteSettings } from '../../shared/site-settings';
import { uniqueName } from '../fixtures/admin-images';
import { accountEmail, addAccount, expect, openScreen, signIn, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { E2E_ADMIN } from '../fixtures/servers';

const PASSWORD = 'a-long-password-for-the-about-editor';

async function live<T>(request: APIRequestContext, path: string): Promise<T> {
  return ((await (await request.get(`/api/${path}`)).json()) as { data: T }).data;
}

/** A browser of its own: signed in as `email`, or (without one) sharing the test admin's session. */
async function otherPage(browser: Browser, baseURL: string | undefined, page: Page, email?: string): Promise<Page> {
  if (!email) {
    const context = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
    return context.newPage();
  }
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const other = await context.newPage();
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/admin\/dashboard/);
  return other;
}

test('About content: an Editor’s section save and autosave meet the admin’s changes; the merges keep both', async ({
  page,
  browser,
  baseURL,
  token,
}) => {
  test.setTimeout(150_000);
  const headers = { authorization: `Bearer ${token}` };
  const original = await live<AboutContent>(page.request, 'about-content');
  const email = accountEmail('about-editor');
  const removeAccount = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const editor = await otherPage(browser, baseURL, page, email);
  const field = (on: Page, section: string, label: string) => on.getByRole('region', { name: section }).getByLabel(label, { exact: true });
  const saveSection = (on: Page, section: string) =>
    on.getByRole('region', { name: section }).getByRole('button', { name: about.saveSection });
  const dialog = editor.getByRole('dialog', { name: conflictCopy.title });
  try {
    await openScreen(page, '/admin/about', about.title);
    await openScreen(editor, '/admin/about', about.title);

    // the admin's main title, then the Editor's hero title on the same base: the dialog shows both, the merge keeps both
    const adminTitle = uniqueName('Admin story');
    const editorTitle = uniqueName('Editor welcome');
    await field(page, about.main, about.mainFields.title).fill(adminTitle);
    await saveSection(page, about.main).click();
    await expect(page.getByText(about.saved).first()).toBeVisible();
    await field(editor, about.hero, about.heroFields.title).fill(editorTitle);
    await saveSection(editor, about.hero).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-edit-conflict-intro]')).toContainText(`${E2E_ADMIN.email} saved ${conflictCopy.what.published}`);
    await expect(dialog.locator('del', { hasText: adminTitle.split(' ').at(-1)! })).toBeVisible();
    await expect(dialog.locator('ins', { hasText: editorTitle.split(' ').at(-1)! })).toBeVisible();
    const mainTitle = about.placeLabel(about.main, about.mainFields.title);
    const heroTitle = about.placeLabel(about.hero, about.heroFields.title);
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.theirs}: ${mainTitle}` })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.yours}: ${heroTitle}` })).toBeChecked();
    await expectNoSeriousAxeViolations(editor);
    await dialog.getByRole('button', { name: conflictCopy.merge, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.getByText(about.saved).first()).toBeVisible();
    expect(await live<AboutContent>(page.request, 'about-content')).toMatchObject({
      hero: { title: editorTitle },
      main: { title: adminTitle },
    });
    // the Editor's form follows the admin's title it did not touch
    await expect(field(editor, about.main, about.mainFields.title)).toHaveValue(adminTitle);

    // the admin's next change, then the Editor's typing: the autosave stops at it; merged, both go into the draft
    await openScreen(page, '/admin/about', about.title);
    const adminYears = uniqueName('Admin years');
    await field(page, about.years, about.yearsFields.description).fill(adminYears);
    await saveSection(page, about.years).click();
    await expect(page.getByText(about.saved).first()).toBeVisible();
    const typed = uniqueName('Typed by the Editor');
    await field(editor, about.main, about.mainFields.subtitle).fill(typed);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(editor.getByText(conflictCopy.autosaveStopped, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: conflictCopy.merge, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.getByText(draftCopy.draftSaved, { exact: true }).first()).toBeVisible();
    const draft = (await (await page.request.get('/api/about-content/draft', { headers })).json()) as { data: { value: AboutContent } };
    expect(draft.data.value).toMatchObject({ main: { subtitle: typed }, years: { description: adminYears } });
    expect((await live<AboutContent>(page.request, 'about-content')).main.subtitle).toBe(original.main.subtitle);
  } finally {
    await editor.context().close();
    await page.request.delete('/api/about-content/draft', { headers });
    const restored = await page.request.put('/api/about-content', { headers, data: original });
    expect(restored.status(), await restored.text()).toBe(200);
    await removeAccount();
  }
});

test('Site settings: a second admin session’s save meets the first’s; the merge keeps both', async ({ page, browser, baseURL, token }) => {
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${token}` };
  const original = await live<SiteSettings>(page.request, 'site-settings');
  const second = await otherPage(browser, baseURL, page);
  const field = (on: Page, label: string) => on.getByLabel(label, { exact: true });
  const dialog = second.getByRole('dialog', { name: conflictCopy.title });
  try {
    await openScreen(page, '/admin/settings', settings.title);
    await openScreen(second, '/admin/settings', settings.title);
    await field(page, settings.fields.locality).fill('Koramangala');
    await page.getByRole('button', { name: settings.save }).click();
    await expect(page.getByText(siteSettingsMessages.saved)).toBeVisible();
    const name = uniqueName('Second Session Builders');
    await field(second, settings.fields.companyName).fill(name);
    await second.getByRole('button', { name: settings.save }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-edit-conflict-intro]')).toContainText(`${E2E_ADMIN.email} saved ${conflictCopy.what.published}`);
    await expect(dialog.locator('del', { hasText: 'Koramangala' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.theirs}: ${settings.fields.locality}` })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.yours}: ${settings.fields.companyName}` })).toBeChecked();
    await expectNoSeriousAxeViolations(second);
    await dialog.getByRole('button', { name: conflictCopy.merge, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(second.getByText(siteSettingsMessages.saved)).toBeVisible();
    await expect(field(second, settings.fields.locality)).toHaveValue('Koramangala');
    expect(await live<SiteSettings>(page.request, 'site-settings')).toMatchObject({
      companyName: name,
      address: { locality: 'Koramangala' },
    });
  } finally {
    await second.context().close();
    await page.request.delete('/api/site-settings/draft', { headers });
    const restored = await page.request.put('/api/site-settings', { headers, data: original });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
