/**
 * A new item is never lost, and a scheduled one says when (docs/decisions/0046), on the demo server's client stories:
 * the Add form's first autosave creates the item as a draft (no image yet, nothing published), which a closed tab does
 * not lose and the list shows as a Draft with what was typed last; a save while that create is on its way goes to the
 * same item; a scheduled row reads what happens when, on the site's clock whatever the browser's, on a phone too.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { clientCopy, commonCopy, draftCopy, scheduleCopy } from '../../shared/copy/admin';
import { resources } from '../../shared/resources';
import { DEFAULT_SITE_TIMEZONE, parseZoneTime, readableDateTime, zoneDate } from '../../shared/site-time';
import { sampleFields } from '../../server/test/sample-records';
import { publicHtml } from '../fixtures/admin-crud';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const def = resources.clients;
const base = `/api/${def.path}`;
type Managed = { _id: string; name: string; state: string; published: boolean; draft: Record<string, unknown> | null };

const addForm = (page: Page) => page.getByRole('dialog', { name: clientCopy.modalAdd });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function managed(request: APIRequestContext, token: string, name: string): Promise<Managed[]> {
  const reply = await request.get(`${base}/manage`, { headers: { authorization: `Bearer ${token}` } });
  return ((await reply.json()) as Managed[]).filter((record) => record.name === name);
}

/** Deletes every item named `name`, then empties it from the trash. */
async function removeAll(request: APIRequestContext, token: string, name: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (const { _id } of await managed(request, token, name)) {
    await request.delete(`${base}/${_id}`, { headers });
    await request.delete(`/api/trash/${def.path}/${_id}`, { headers });
  }
}

/** Types a new client story into the Add form: every field, no image. */
async function typeNewClient(page: Page, name: string, testimonial: string) {
  await page.getByRole('button', { name: clientCopy.addButton }).click();
  const form = addForm(page);
  await form.getByLabel('Client Name', { exact: true }).fill(name);
  await form.getByLabel('Project Title', { exact: true }).fill(`Villa of ${name}`);
  await form.getByLabel('Category', { exact: true }).selectOption('Renovation');
  await form.getByLabel('Testimonial', { exact: true }).fill(testimonial);
}

test('the Add form’s autosave creates one draft that a closed tab does not lose; visitors never see it', async ({
  page,
  context,
  token,
}) => {
  const name = uniqueName('Autosaved client');
  const first = `First words of ${name}`;
  const last = `Last words of ${name}`;
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`${base}/drafts`)) creates.push(request.url());
  });
  try {
    await openScreen(page, def.admin.path, clientCopy.title);
    await typeNewClient(page, name, first);
    await expect(addForm(page).getByText(draftCopy.autosaved, { exact: true })).toBeVisible({ timeout: 10_000 });
    // behind the form, the list shows it already
    await expect(row(page, name).getByText(draftCopy.states.draft, { exact: true })).toBeAttached();
    // typing on: the same item's draft, not a second item
    const typedOn = page.waitForResponse((reply) => reply.request().method() === 'PUT' && reply.url().includes('/draft?autosave=true'));
    await addForm(page).getByLabel('Testimonial', { exact: true }).fill(last);
    expect((await typedOn).status()).toBe(200);
    expect(creates).toHaveLength(1);
    // the Add form stays the Add form: an autosave changes no button
    await expect(addForm(page).getByRole('button', { name: commonCopy.add, exact: true })).toBeVisible();
    await page.close();

    const next = await context.newPage();
    await openScreen(next, def.admin.path, clientCopy.title);
    await expect(row(next, name).getByText(draftCopy.states.draft, { exact: true })).toBeVisible();
    await expect(row(next, name)).toContainText(last);
    const [item, ...more] = await managed(next.request, token, name);
    expect(more).toHaveLength(0);
    expect([item.state, item.published]).toEqual(['draft', false]);
    expect(JSON.stringify(await (await next.request.get(base)).json())).not.toContain(name);
    expect(await publicHtml(next, def.publicPage)).not.toContain(name);

    // its editor opens what was typed last; its save is Publish
    await row(next, name)
      .getByRole('button', { name: `${commonCopy.edit} ${name}` })
      .click();
    const editor = next.getByRole('dialog', { name: clientCopy.modalEdit });
    await expect(editor.getByLabel('Testimonial', { exact: true })).toHaveValue(last);
    await expect(editor.getByLabel('Project Title', { exact: true })).toHaveValue(`Villa of ${name}`);
    await expect(editor.getByRole('button', { name: draftCopy.publish, exact: true })).toBeVisible();
  } finally {
    await removeAll(context.request, token, name);
  }
});

test('a Save draft while the first autosave’s create is on its way goes to the item it creates', async ({ page, token }) => {
  const name = uniqueName('Raced client');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const creates: string[] = [];
  await page.route(`**${base}/drafts`, async (route) => {
    creates.push(route.request().method());
    await held;
    await route.continue();
  });
  try {
    await openScreen(page, def.admin.path, clientCopy.title);
    await typeNewClient(page, name, `Said by ${name}`);
    await expect(addForm(page).getByText(draftCopy.autosaving, { exact: true })).toBeVisible({ timeout: 10_000 });
    await addForm(page).getByLabel('Testimonial', { exact: true }).fill(`Said last by ${name}`);
    await addForm(page).getByRole('button', { name: draftCopy.saveDraft }).click();
    release();
    await expect(page.getByText(draftCopy.draftSaved, { exact: true }).first()).toBeVisible();
    await expect(addForm(page)).toHaveCount(0);
    expect(creates).toEqual(['POST']);
    const [item, ...more] = await managed(page.request, token, name);
    expect(more).toHaveLength(0);
    expect(item.draft?.description).toBe(`Said last by ${name}`);
    await expect(row(page, name)).toContainText(`Said last by ${name}`);
  } finally {
    release();
    await removeAll(page.request, token, name);
  }
});

test.describe('a scheduled row, the browser elsewhere than the site', () => {
  test.use({ timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });

  test('reads what happens when on the site’s clock, on a phone card; the Scheduled filter finds it', async ({ page, token }) => {
    const name = uniqueName('Scheduled client');
    const headers = { authorization: `Bearer ${token}` };
    const added = await page.request.post(`${base}/drafts`, {
      headers,
      multipart: { ...sampleFields(def, name), name, image: await testImage() },
    });
    expect(added.status(), await added.text()).toBe(201);
    const id = ((await added.json()) as { data: { _id: string } }).data._id;
    try {
      // 09:30 and 18:00 on the site's clock, three and five days on: New York reads other hours
      const day = (ahead: number) => zoneDate(new Date(Date.now() + ahead * 86_400_000), DEFAULT_SITE_TIMEZONE);
      const publishAt = parseZoneTime(`${day(3)}T09:30`, DEFAULT_SITE_TIMEZONE)!;
      const unpublishAt = parseZoneTime(`${day(5)}T18:00`, DEFAULT_SITE_TIMEZONE)!;
      const scheduled = await page.request.put(`${base}/${id}/schedule`, {
        headers,
        data: { publishAt: `${day(3)}T09:30`, unpublishAt: `${day(5)}T18:00` },
      });
      expect(scheduled.status(), await scheduled.text()).toBe(200);

      await openScreen(page, def.admin.path, clientCopy.title);
      const mark = row(page, name).getByText(
        scheduleCopy.listMark([
          scheduleCopy.listChange.publish(readableDateTime(publishAt, DEFAULT_SITE_TIMEZONE)),
          scheduleCopy.listChange.unpublish(readableDateTime(unpublishAt, DEFAULT_SITE_TIMEZONE)),
        ]),
        { exact: true },
      );
      await expect(mark).toBeVisible();
      await expect(mark).toContainText('9:30');
      // the card is the phone's width: the mark wraps inside it rather than running off its edge
      const box = await mark.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await expectNoSeriousAxeViolations(page);

      const filter = page.getByLabel(draftCopy.stateFilter);
      await filter.selectOption('scheduled');
      await expect(mark).toBeVisible();
      await filter.selectOption('draft');
      await expect(row(page, name)).toHaveCount(0);
    } finally {
      await page.request.delete(`${base}/${id}`, { headers });
      await page.request.delete(`/api/trash/${def.path}/${id}`, { headers });
    }
  });
});
