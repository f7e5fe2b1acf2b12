/**
 * Drafts on the demo server (docs/decisions/0039): a team member's edit saved as a draft leaves the About page as it
 * was, the list marks it "Changed since published", the form opens the draft, and Publish puts it on the page;
 * typing alone autosaves a draft that a closed tab does not lose, and that visitors do not see. The Site settings'
 * draft leaves every page's company name as it was until Publish, and Discard draft brings the published name back.
 */
import { commonCopy, draftCopy, screenCopy, siteSettingsCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { sampleFields } from '../../server/test/sample-records';
import { publicHtml } from '../fixtures/admin-crud';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

const copy = screenCopy.team;
const def = resources['team-members'];

test('save a draft, see the public page unchanged, publish it; an autosaved draft survives a closed tab', async ({
  page,
  context,
  token,
}) => {
  const name = uniqueName('Drafter');
  const live = `Runs our joinery since ${name.slice(-6)}`;
  const drafted = `Runs our stone carving since ${name.slice(-6)}`;
  const typed = `Runs our site visits since ${name.slice(-6)}`;
  const headers = { authorization: `Bearer ${token}` };
  const added = await page.request.post(`/api/${def.path}`, {
    headers,
    multipart: { ...sampleFields(def, name), name, description: live, image: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  const card = (on = page) => on.getByRole('listitem').filter({ has: on.getByRole('heading', { name }) });
  const description = (on = page) => on.getByLabel('Description', { exact: true });

  try {
    await openScreen(page, def.admin.path, copy.title);
    await expect(card().getByText(draftCopy.states.published, { exact: true })).toBeVisible();
    await card()
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    await description().fill(drafted);
    await page.getByRole('button', { name: draftCopy.saveDraft }).click();
    await expect(page.getByText(draftCopy.draftSaved, { exact: true }).first()).toBeVisible();
    await expect(card().getByText(draftCopy.states.changed, { exact: true })).toBeVisible();
    let html = await publicHtml(page, '/about');
    expect(html).toContain(live);
    expect(html).not.toContain(drafted);

    // the form opens the draft; its save is Publish
    await card()
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    await expect(description()).toHaveValue(drafted);
    await page.getByRole('button', { name: draftCopy.publish, exact: true }).click();
    await expect(page.getByText(draftCopy.published(name), { exact: true })).toBeVisible();
    await expect(card().getByText(draftCopy.states.published, { exact: true })).toBeVisible();
    html = await publicHtml(page, '/about');
    expect(html).toContain(drafted);
    expect(html).not.toContain(live);

    // typing alone: a quiet autosave, then the tab is closed without saving
    await card()
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    await description().fill(typed);
    await expect(page.locator('form').getByText(draftCopy.autosaved, { exact: true })).toBeVisible({ timeout: 10_000 });
    // typed back to the published text after the autosave: the draft follows (it would keep the text removed otherwise)
    const autosaved = () =>
      page.waitForResponse(
        (reply) => reply.request().method() === 'PUT' && new URL(reply.url()).pathname === `/api/${def.path}/${id}/draft`,
        { timeout: 10_000 },
      );
    let stored = autosaved();
    await description().fill(drafted);
    expect((await stored).request().postData()).toContain(drafted);
    stored = autosaved();
    await description().fill(typed);
    expect((await stored).request().postData()).toContain(typed);
    await page.close();

    const next = await context.newPage();
    await openScreen(next, def.admin.path, copy.title);
    await expect(card(next).getByText(draftCopy.states.changed, { exact: true })).toBeVisible();
    await card(next)
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    await expect(description(next)).toHaveValue(typed);
    html = await publicHtml(next, '/about');
    expect(html).toContain(drafted);
    expect(html).not.toContain(typed);

    // History: the first version back as a draft, with no confirmation, as nothing visitors see changes
    await next.goto(`/admin/history/team-members/${id}`);
    await next.getByRole('button', { name: draftCopy.asDraftLabel(1) }).click();
    await expect(next.getByText(draftCopy.restoredAsDraft(1), { exact: true })).toBeVisible();
    html = await publicHtml(next, '/about');
    expect(html).toContain(drafted);
    expect(html).not.toContain(live);
  } finally {
    const request = context.request;
    await request.delete(`/api/${def.path}/${id}`, { headers });
    await request.delete(`/api/trash/team-members/${id}`, { headers });
  }
});

test('a draft of the Site settings: the home page keeps the live name until Publish; autosave keeps what is typed; Discard draft', async ({
  page,
  token,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const original: unknown = ((await (await page.request.get('/api/site-settings')).json()) as { data: unknown }).data;
  const drafted = uniqueName('Draft Builders');
  const companyName = () => page.getByLabel(siteSettingsCopy.fields.companyName, { exact: true });
  try {
    await openScreen(page, '/admin/settings', siteSettingsCopy.title);
    const live = await companyName().inputValue();
    await companyName().fill(drafted);
    await page.getByRole('button', { name: draftCopy.saveDraft }).click();
    await expect(page.getByText(draftCopy.draftSaved, { exact: true })).toBeVisible();
    let html = await publicHtml(page, '/');
    expect(html).toContain(live);
    expect(html).not.toContain(drafted);

    // the screen opens the draft again, and offers Publish
    await openScreen(page, '/admin/settings', siteSettingsCopy.title);
    await expect(companyName()).toHaveValue(drafted);
    await page.getByRole('button', { name: draftCopy.publish, exact: true }).click();
    await expect(page.getByText(draftCopy.published(siteSettingsCopy.title), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: draftCopy.publish, exact: true })).toHaveCount(0);
    html = await publicHtml(page, '/');
    expect(html).toContain(drafted);

    // typing alone autosaves a draft; the screen opens it again, the home page keeps the published name
    const typed = uniqueName('Typed Builders');
    await companyName().fill(typed);
    await expect(page.getByRole('form').getByText(draftCopy.autosaved, { exact: true })).toBeVisible({ timeout: 10_000 });
    await openScreen(page, '/admin/settings', siteSettingsCopy.title);
    await expect(companyName()).toHaveValue(typed);
    html = await publicHtml(page, '/');
    expect(html).toContain(drafted);
    expect(html).not.toContain(typed);

    // Discard draft: the published name comes back into the form, and Discard draft goes with the draft
    await page.getByRole('button', { name: draftCopy.discard }).click();
    await expect(page.getByText(draftCopy.discarded(siteSettingsCopy.title), { exact: true })).toBeVisible();
    await expect(companyName()).toHaveValue(drafted);
    await expect(page.getByRole('button', { name: draftCopy.discard })).toHaveCount(0);
  } finally {
    await page.request.delete('/api/site-settings/draft', { headers });
    const restored = await page.request.put('/api/site-settings', { headers, data: original });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
