/**
 * Drafts and scheduling of the About content on the demo server (docs/decisions/0039, 0042): Save draft leaves the
 * public About page and GET /api/about-content as they were, the editor opens the draft again and says so, Publish
 * makes it live; a Publish at entered in the Schedule section is there after a reload (then cleared); typing alone
 * autosaves a draft that a reload brings back into the form; Discard draft brings the published text back. The demo
 * About content is put back at the end.
 */
import type { APIRequestContext } from '@playwright/test';
import { ABOUT_FILL_ALL, type AboutContent } from '../../shared/about-content';
import { aboutEditorCopy as copy, draftCopy, historyCopy, scheduleCopy } from '../../shared/copy/admin';
import { DEFAULT_SITE_TIMEZONE, zoneDateTime } from '../../shared/site-time';
import { publicHtml } from '../fixtures/admin-crud';
import { uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const NAME = historyCopy.aboutName;

async function liveAbout(request: APIRequestContext): Promise<AboutContent> {
  return ((await (await request.get('/api/about-content')).json()) as { data: AboutContent }).data;
}

test('About drafts: Save draft is not on the About page until Publish; a schedule stays after a reload; an autosaved draft comes back; Discard draft', async ({
  page,
  token,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${token}` };
  const original = await liveAbout(page.request);
  const bar = page.getByRole('region', { name: copy.wholePage });
  const heroTitle = page.getByRole('region', { name: copy.hero }).getByLabel(copy.heroFields.title, { exact: true });
  const mainSubtitle = page.getByRole('region', { name: copy.main }).getByLabel(copy.mainFields.subtitle, { exact: true });
  const publishAt = page.getByLabel(scheduleCopy.publishAt, { exact: true });
  try {
    await openScreen(page, '/admin/about', copy.title);
    await expect(bar.getByText(copy.draftShown)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // a draft is checked as a save: a blank field is named under its section, and takes the focus
    await mainSubtitle.fill('');
    await bar.getByRole('button', { name: draftCopy.saveDraft }).click();
    await expect(bar.getByRole('alert')).toHaveText(copy.fixSections);
    await expect(page.getByRole('region', { name: copy.main }).getByRole('alert')).toHaveText(ABOUT_FILL_ALL);
    await expect(mainSubtitle).toBeFocused();
    await mainSubtitle.fill(original.main.subtitle);

    // Save draft: visitors see no change
    const drafted = uniqueName('Drafted hero');
    await heroTitle.fill(drafted);
    await bar.getByRole('button', { name: draftCopy.saveDraft }).click();
    await expect(page.getByText(draftCopy.draftSaved, { exact: true }).first()).toBeVisible();
    await expect(bar.getByText(copy.draftShown)).toBeVisible();
    expect(await publicHtml(page, '/about')).not.toContain(drafted);
    expect((await liveAbout(page.request)).hero.title).toBe(original.hero.title);

    // the editor opens the draft and says so; a Publish at entered on the site's clock is there after a reload
    await openScreen(page, '/admin/about', copy.title);
    await expect(heroTitle).toHaveValue(drafted);
    await expect(bar.getByText(copy.draftShown)).toBeVisible();
    // a week ahead, in whole minutes: the form shows the time to the minute
    const due = zoneDateTime(new Date(Date.now() + 7 * 24 * 3600_000), DEFAULT_SITE_TIMEZONE, { seconds: false }).replace(' ', 'T');
    await publishAt.fill(due);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: scheduleCopy.save }).click();
    await expect(page.getByText(scheduleCopy.saved(NAME), { exact: true })).toBeVisible();
    await openScreen(page, '/admin/about', copy.title);
    await expect(publishAt).toHaveValue(due);
    await page.getByRole('button', { name: scheduleCopy.clear }).click();
    await expect(page.getByText(scheduleCopy.cleared(NAME), { exact: true })).toBeVisible();
    const schedule = (await (await page.request.get('/api/about-content/schedule', { headers })).json()) as { data: { publishAt: null } };
    expect(schedule.data.publishAt).toBeNull();

    // Publish: live on the About page and in the API; the draft notice goes
    await bar.getByRole('button', { name: draftCopy.publish, exact: true }).click();
    await expect(page.getByText(draftCopy.published(NAME), { exact: true })).toBeVisible();
    await expect(bar.getByText(copy.draftShown)).toHaveCount(0);
    expect(await publicHtml(page, '/about')).toContain(drafted);
    expect((await liveAbout(page.request)).hero.title).toBe(drafted);

    // typing alone autosaves a draft: a reload brings it back into the form, visitors still see the published text
    const typed = uniqueName('Typed subtitle');
    await mainSubtitle.fill(typed);
    await expect(bar.getByText(draftCopy.autosaved, { exact: true })).toBeVisible({ timeout: 10_000 });
    await page.reload();
    await expect(mainSubtitle).toHaveValue(typed);
    await expect(bar.getByText(copy.draftShown)).toBeVisible();
    expect(await publicHtml(page, '/about')).not.toContain(typed);
    expect((await liveAbout(page.request)).main.subtitle).toBe(original.main.subtitle);

    // Discard draft: a saved draft goes, the form shows the published text again, the notice and the Schedule section go
    await heroTitle.fill(uniqueName('Discarded hero'));
    const draftSaved = page.waitForResponse(
      (reply) => reply.request().method() === 'PUT' && reply.url().endsWith('/api/about-content/draft'),
    );
    await bar.getByRole('button', { name: draftCopy.saveDraft }).click();
    expect((await draftSaved).status()).toBe(200);
    await bar.getByRole('button', { name: draftCopy.discard }).click();
    await expect(page.getByText(draftCopy.discarded(NAME), { exact: true })).toBeVisible();
    await expect(heroTitle).toHaveValue(drafted);
    await expect(mainSubtitle).toHaveValue(original.main.subtitle);
    await expect(bar.getByText(copy.draftShown)).toHaveCount(0);
    await expect(bar.getByRole('button', { name: draftCopy.discard })).toHaveCount(0);
    await expect(publishAt).toHaveCount(0);
    const draft = (await (await page.request.get('/api/about-content/draft', { headers })).json()) as { data: unknown };
    expect(draft.data).toBeNull();
    await openScreen(page, '/admin/about', copy.title);
    await expect(heroTitle).toHaveValue(drafted);
  } finally {
    // the demo About page is shared with the public-site tests: no schedule, no draft, the original published back
    await page.request.put('/api/about-content/schedule', { headers, data: { publishAt: null } });
    await page.request.delete('/api/about-content/draft', { headers });
    const restored = await page.request.put('/api/about-content', { headers, data: original });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
