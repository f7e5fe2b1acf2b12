/**
 * Scheduled publishing on the demo server (docs/decisions/0042): a team member saved as a draft gets a Publish at
 * time in the editor (typed on the site's clock, saved with Enter), the list marks it "Scheduled: publishes <time>", the dashboard lists
 * it under "Scheduled next", and once the time has passed the About page shows it; the same for the Site settings'
 * draft and the home page. axe on the editors and the dashboard.
 */
import { commonCopy, dashboardCopy, draftCopy, scheduleCopy, screenCopy, siteSettingsCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { readableDateTime, zoneDateTime, DEFAULT_SITE_TIMEZONE } from '../../shared/site-time';
import { sampleFields } from '../../server/test/sample-records';
import { publicHtml } from '../fixtures/admin-crud';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const copy = screenCopy.team;
const def = resources['team-members'];

test('schedule a draft in the editor: Scheduled in the list and on the dashboard, on the public page once due', async ({ page, token }) => {
  test.setTimeout(120_000);
  const name = uniqueName('Scheduler');
  const headers = { authorization: `Bearer ${token}` };
  const added = await page.request.post(`/api/${def.path}/drafts`, {
    headers,
    multipart: { ...sampleFields(def, name), name, image: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  const card = () => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

  try {
    await openScreen(page, def.admin.path, copy.title);
    await expect(card().getByText(draftCopy.states.draft, { exact: true })).toBeVisible();
    await card()
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    const publishAt = page.getByLabel(scheduleCopy.publishAt, { exact: true });
    await expect(publishAt).toBeVisible();
    // axe before the clock starts: on a busy machine it has taken over 20 s
    await expectNoSeriousAxeViolations(page);
    // the site's clock (the demo server's SITE_TIMEZONE), whatever the browser's zone; due in 25 s: what must be seen
    // before it (the list's mark, the dashboard) takes a few seconds, axe on the dashboard waits until after
    const due = new Date(Date.now() + 25_000);
    await publishAt.fill(zoneDateTime(due, DEFAULT_SITE_TIMEZONE).replace(' ', 'T'));
    // by keyboard: Enter in the time saves the schedule (its own form), not the item
    await publishAt.press('Enter');
    await expect(page.getByText(scheduleCopy.saved(name), { exact: true })).toBeVisible();
    expect(await publicHtml(page, '/about')).not.toContain(name);
    // the mark says what happens when, on the site's clock (docs/decisions/0046)
    const when = scheduleCopy.listMark([scheduleCopy.listChange.publish(readableDateTime(due, DEFAULT_SITE_TIMEZONE))]);
    await expect(card().getByText(when, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: scheduleCopy.clear })).toBeVisible();

    await openScreen(page, '/admin/dashboard', dashboardCopy.title);
    const next = page.getByRole('region', { name: scheduleCopy.dashboardTitle }).or(page.getByTestId('scheduled-next'));
    await expect(next.getByText(name)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // at most the worker's 5 s poll after the time, well inside the 60 s allowed
    await expect.poll(async () => (await publicHtml(page, '/about')).includes(name), { timeout: 60_000, intervals: [1_000] }).toBe(true);
    expect(Date.now() - due.getTime()).toBeLessThan(60_000);
    await openScreen(page, def.admin.path, copy.title);
    await expect(card().getByText(draftCopy.states.published, { exact: true })).toBeVisible();
  } finally {
    await page.request.delete(`/api/${def.path}/${id}`, { headers });
    await page.request.delete(`/api/trash/team-members/${id}`, { headers });
  }
});

test('schedule the Site settings draft: listed on the dashboard, live on the home page once due', async ({ page, token }) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${token}` };
  const original = ((await (await page.request.get('/api/site-settings')).json()) as { data: Record<string, unknown> }).data;
  const drafted = uniqueName('Scheduled Builders');
  try {
    const saved = await page.request.put('/api/site-settings/draft', { headers, data: { ...original, companyName: drafted } });
    expect(saved.status(), await saved.text()).toBe(200);
    await openScreen(page, '/admin/settings', siteSettingsCopy.title);
    const publishAt = page.getByLabel(scheduleCopy.publishAt, { exact: true });
    await expect(publishAt).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // due in 20 s: the save, the unchanged home page and the dashboard's entry are seen before it
    const due = new Date(Date.now() + 20_000);
    await publishAt.fill(zoneDateTime(due, DEFAULT_SITE_TIMEZONE).replace(' ', 'T'));
    await publishAt.press('Enter');
    await expect(page.getByText(scheduleCopy.saved(siteSettingsCopy.title), { exact: true })).toBeVisible();
    expect(await publicHtml(page, '/')).not.toContain(drafted);

    await openScreen(page, '/admin/dashboard', dashboardCopy.title);
    await expect(page.getByTestId('scheduled-next').getByText(siteSettingsCopy.title)).toBeVisible();
    await expect.poll(async () => (await publicHtml(page, '/')).includes(drafted), { timeout: 60_000, intervals: [1_000] }).toBe(true);
  } finally {
    await page.request.put('/api/site-settings/schedule', { headers, data: { publishAt: null } });
    await page.request.delete('/api/site-settings/draft', { headers });
    const restored = await page.request.put('/api/site-settings', { headers, data: original });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
