/**
 * A shareable preview link of a draft (docs/decisions/0043) on the demo server: the editor makes it from the form
 * of an item with a draft; someone without a session opens it and sees the About page with the draft (its new photo
 * too), in English and, through the language switcher, in Kannada; once the draft is published the link shows the
 * refusal instead.
 */
import { commonCopy, draftCopy, previewCopy, screenCopy } from '../../shared/copy/admin';
import { englishCopy } from '../../shared/copy/public-en';
import { kn } from '../../shared/copy/public-kn';
import { previewLinkMessages } from '../../shared/preview-links';
import { resources } from '../../shared/resources';
import { sampleFields } from '../../server/test/sample-records';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { testImage, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

const def = resources['team-members'];
const gallery = resources.gallery;

test('share a draft by link: a visitor without a session sees it; once published the link is refused', async ({ page, browser, token }) => {
  const name = uniqueName('Previewer');
  const live = `Leads our carpenters since ${name.slice(-6)}`;
  const drafted = `Leads our stone masons since ${name.slice(-6)}`;
  const headers = { authorization: `Bearer ${token}` };
  const added = await page.request.post(`/api/${def.path}`, {
    headers,
    multipart: { ...sampleFields(def, name), name, description: live, image: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  const draft = await page.request.put(`/api/${def.path}/${id}/draft`, {
    headers,
    multipart: { description: drafted, image: await testImage() },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const visitor = await browser.newContext();
  try {
    await openScreen(page, def.admin.path, screenCopy.team.title);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card.getByRole('button', { name: `${commonCopy.edit} ${name}` }).click();
    await page.getByRole('button', { name: previewCopy.share }).click();
    const link = page.getByLabel(previewCopy.linkLabel, { exact: true });
    await expect(link).toHaveValue(/\/preview\/[\w.-]+$/);
    await expect(page.getByText(/Anyone with this link sees the draft until/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const url = new URL(await link.inputValue());

    const guest = await visitor.newPage();
    const opened = await guest.goto(url.pathname);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex');
    await expect(guest.getByText(drafted)).toBeVisible();
    await expect(guest.getByText(live)).toHaveCount(0);
    // the draft's new photo loads for the link's holder although visitors cannot see it yet
    const photo = guest.getByRole('img', { name: new RegExp(name) }).first();
    await expect(photo).toBeVisible();
    // visible comes before loaded (seen once with two lanes): asked until it has loaded; a refused image never does
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // the switcher leads to the same preview in Kannada (not to the public page, which shows the live item), and back
    await guest.getByRole('link', { name: englishCopy.language.readIn('ಕನ್ನಡ') }).click();
    await expect(guest).toHaveURL(new RegExp(`/kn${url.pathname.replaceAll('.', '\\.')}$`));
    await expect(guest.locator('html')).toHaveAttribute('lang', 'kn');
    // no Kannada description in the draft: its English shows, marked as English
    await expect(guest.locator('[lang="en"]', { hasText: drafted })).toBeVisible();
    await guest.getByRole('link', { name: kn.language.readIn('English') }).click();
    await expect(guest).toHaveURL(new RegExp(`${url.pathname.replaceAll('.', '\\.')}$`));
    await expect(guest.locator('html')).toHaveAttribute('lang', 'en');
    await expect(guest.getByText(drafted)).toBeVisible();

    await page.getByRole('button', { name: draftCopy.publish, exact: true }).click();
    await expect(page.getByText(draftCopy.published(name), { exact: true })).toBeVisible();
    const refused = await guest.goto(url.pathname);
    expect(refused?.status()).toBe(410);
    await expect(guest.getByRole('heading', { name: previewLinkMessages.refusedTitle })).toBeVisible();
  } finally {
    await visitor.close();
    await page.request.delete(`/api/${def.path}/${id}`, { headers });
    await page.request.delete(`/api/trash/team-members/${id}`, { headers });
  }
});

test('a filter chosen on a preview link keeps the link: the draft stays in place, after a reload too', async ({ page, browser, token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const category = uniqueName('Doors');
  const added = await page.request.post(`/api/${gallery.path}`, {
    headers,
    multipart: { title: uniqueName('Live door'), category, images: await testImage() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { _id: string } }).data._id;
  const drafted = uniqueName('Drafted door');
  const draft = await page.request.put(`/api/${gallery.path}/${id}/draft`, { headers, data: { title: drafted } });
  expect(draft.status(), await draft.text()).toBe(200);
  const made = await page.request.post(`/api/${gallery.path}/${id}/preview-link`, { headers });
  expect(made.status(), await made.text()).toBe(200);
  const link = new URL(((await made.json()) as { data: { url: string } }).data.url).pathname;
  const visitor = await browser.newContext();
  try {
    const guest = await visitor.newPage();
    await guest.goto(link);
    // a page of another context than the fixture's: wait here for React to handle the chips (they need it)
    await guest.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(guest.getByText(drafted)).toBeVisible();
    const chip = guest.getByRole('group', { name: englishCopy.gallery.filterLabel }).getByRole('button', { name: category });
    await chip.click();
    // the address stays the link's, with the filter: not the public gallery, which shows the live item
    await expect(guest).toHaveURL(new RegExp(`${link.replaceAll('.', '\\.')}\\?category=`));
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(guest.getByText(drafted)).toBeVisible();
    await guest.reload();
    await expect(guest.getByText(drafted)).toBeVisible();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await visitor.close();
    await page.request.delete(`/api/${gallery.path}/${id}`, { headers });
    await page.request.delete(`/api/trash/${gallery.path}/${id}`, { headers });
  }
});
