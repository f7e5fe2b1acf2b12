/**
 * No silent overwrite (docs/decisions/0044) on the demo server: the admin and an Editor, each in a browser of their own,
 * open the same team member. The admin saves first; the Editor's save then shows who changed what and the difference,
 * and the Editor merges field by field (both changes kept), keeps its own, or (after an autosave met the change) takes
 * theirs; the dialog has no serious axe violation and is worked by keyboard alone.
 */
import type { Browser, Page } from '@playwright/test';
import { commonCopy, conflictCopy, screenCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { sampleFields } from '../../server/test/sample-records';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { accountEmail, addAccount, expect, openScreen, signIn, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { E2E_ADMIN } from '../fixtures/servers';

const copy = screenCopy.team;
const def = resources['team-members'];
const PASSWORD = 'a-long-password-for-the-second-editor';

interface Member {
  _id: string;
  title: string;
  description: string;
}

async function editorPage(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}

test('two editors’ saves of one item: the second sees the difference and chooses; nothing is lost', async ({
  page,
  browser,
  baseURL,
  token,
}) => {
  // three rounds in two browsers, one waiting for an autosave
  test.setTimeout(180_000);
  const headers = { authorization: `Bearer ${token}` };
  const email = accountEmail('second-editor');
  const removeAccount = await addAccount(page.request, token, email, PASSWORD, 'editor');
  const name = uniqueName('Both edit');
  const added = await page.request.post(`/api/${def.path}`, {
    headers,
    multipart: { ...sampleFields(def, name), name, title: 'Site engineer', description: 'Runs our site visits.', image: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  const stored = async (): Promise<Member> => {
    const list = (await (await page.request.get(`/api/${def.path}/manage`, { headers })).json()) as Member[];
    return list.find((member) => member._id === id)!;
  };
  const editor = await editorPage(browser, baseURL, email);
  const open = async (on: Page) => {
    await openScreen(on, def.admin.path, copy.title);
    await on
      .getByRole('listitem')
      .filter({ has: on.getByRole('heading', { name }) })
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    await expect(on.getByLabel('Description', { exact: true })).toBeVisible();
  };
  const field = (on: Page, label: string) => on.getByLabel(label, { exact: true });
  const update = async (on: Page) => on.getByRole('button', { name: copy.submitEdit, exact: true }).click();
  const dialog = editor.getByRole('dialog', { name: conflictCopy.title });
  // keyboard only: Tab until the button has the focus, then Enter
  const pressByKeyboard = async (label: string) => {
    const button = dialog.getByRole('button', { name: label, exact: true });
    for (let tabs = 0; tabs < 20 && !(await button.evaluate((element) => element === document.activeElement)); tabs += 1) {
      await editor.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();
    await editor.keyboard.press('Enter');
  };

  try {
    // merge field by field: the admin's description and the Editor's title, both kept
    await open(page);
    await open(editor);
    await field(page, 'Description').fill('Runs our site visits and the joinery.');
    await update(page);
    await expect(page.getByText(copy.updated, { exact: true }).first()).toBeVisible();
    await field(editor, 'Title').fill('Senior site engineer');
    await update(editor);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-edit-conflict-intro]')).toContainText(`${E2E_ADMIN.email} saved ${conflictCopy.what.published}`);
    await expect(dialog.locator('ins', { hasText: 'Senior' })).toBeVisible();
    await expect(dialog.locator('del', { hasText: 'and the joinery' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.theirs}: Description` })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.yours}: Title` })).toBeChecked();
    await expectNoSeriousAxeViolations(editor);
    await pressByKeyboard(conflictCopy.merge);
    await expect(dialog).toBeHidden();
    await expect(editor.getByText(copy.updated, { exact: true }).first()).toBeVisible();
    expect(await stored()).toMatchObject({ title: 'Senior site engineer', description: 'Runs our site visits and the joinery.' });

    // keep mine: the Editor's description over the admin's, whose version stays in the history
    await open(page);
    await open(editor);
    await field(page, 'Description').fill('The admin’s words.');
    await update(page);
    await expect(page.getByText(copy.updated, { exact: true }).first()).toBeVisible();
    await field(editor, 'Description').fill('The Editor’s words.');
    await update(editor);
    await expect(dialog).toBeVisible();
    // the choice per field by keyboard: arrows move within the radio group
    await dialog.getByRole('radio', { name: `${conflictCopy.yours}: Description` }).focus();
    await editor.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: `${conflictCopy.theirs}: Description` })).toBeChecked();
    await pressByKeyboard(conflictCopy.keepMine);
    await expect(dialog).toBeHidden();
    await expect(editor.getByText(copy.updated, { exact: true }).first()).toBeVisible();
    expect((await stored()).description).toBe('The Editor’s words.');
    const history = await (await page.request.get(`/api/${def.path}/${id}/versions`, { headers })).json();
    const numbers = (history.data.versions as { number: number }[]).map((version) => version.number);
    const snapshots = await Promise.all(
      numbers.map(
        async (number) => (await (await page.request.get(`/api/${def.path}/${id}/versions/${number}`, { headers })).json()).data.snapshot,
      ),
    );
    expect(snapshots.map((snapshot: Member) => snapshot.description)).toContain('The admin’s words.');

    // an autosave that meets the admin's change stops and asks; take theirs loads it into the form, saving nothing
    await open(page);
    await open(editor);
    await field(page, 'Title').fill('Head of site visits');
    await update(page);
    await expect(page.getByText(copy.updated, { exact: true }).first()).toBeVisible();
    await field(editor, 'Description').fill('Typed, then left to autosave.');
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(editor.getByText(conflictCopy.autosaveStopped, { exact: true })).toBeVisible();
    await pressByKeyboard(conflictCopy.takeTheirs);
    await expect(dialog).toBeHidden();
    await expect(field(editor, 'Title')).toHaveValue('Head of site visits');
    await expect(field(editor, 'Description')).toHaveValue('The Editor’s words.');
    expect(await stored()).toMatchObject({ title: 'Head of site visits', description: 'The Editor’s words.' });
  } finally {
    await editor.context().close();
    await page.request.delete(`/api/${def.path}/${id}`, { headers });
    await removeAccount();
  }
});
