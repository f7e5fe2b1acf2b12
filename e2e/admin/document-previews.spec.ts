/**
 * Previews of the About content (issue 25, docs/decisions/0045) on the demo server: the About editor shows the public
 * About page beside it, updating as a field is typed in, nothing live; once the typing is autosaved as a draft the editor
 * offers its preview link; a preview link of an About draft opens the draft for someone without a session, and is
 * refused once the draft is published. The About content is put back.
 */
import type { APIRequestContext } from '@playwright/test';
import type { AboutContent } from '../../shared/about-content';
import { aboutEditorCopy, draftCopy, previewCopy } from '../../shared/copy/admin';
import { previewLinkMessages } from '../../shared/preview-links';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { MEASURED } from '../fixtures/measured';
import { SERVERS } from '../fixtures/servers';

const FRAME = `iframe[title="${previewCopy.frameTitle('/about')}"]`;

async function liveAbout(request: APIRequestContext): Promise<AboutContent> {
  return ((await (await request.get('/api/about-content')).json()) as { data: AboutContent }).data;
}

test(
  'the About editor’s preview shows the About page with what is typed, within 300 ms, nothing live; the autosaved draft’s link is offered',
  { tag: MEASURED },
  async ({ page, token }) => {
    await openScreen(page, '/admin/about', aboutEditorCopy.title);
    await expect(page.getByRole('button', { name: previewCopy.share })).toHaveCount(0);
    try {
      await page.getByRole('button', { name: previewCopy.show }).click();
      const frame = page.frameLocator(FRAME);
      // the public page in its own layout: the site's header and the stored story
      await expect(frame.getByRole('banner')).toBeVisible();
      const description = page
        .getByRole('region', { name: aboutEditorCopy.main })
        .getByLabel(aboutEditorCopy.mainFields.description, { exact: true });

      const delays: number[] = [];
      for (let i = 1; i <= 3; i++) {
        const words = `Typed story ${i} ${uniqueName('words')}`;
        // timed in the page: from just before the typing to the first frame whose preview shows it
        await page.evaluate(() => ((window as unknown as { typedAt: number }).typedAt = performance.now()));
        await description.fill(words);
        delays.push(
          await page.evaluate(
            ({ expected, selector }) =>
              new Promise<number>((resolve) => {
                const shown = () => {
                  const frame = document.querySelector<HTMLIFrameElement>(selector);
                  if (frame?.contentDocument?.body?.innerText.includes(expected))
                    resolve(performance.now() - (window as unknown as { typedAt: number }).typedAt);
                  else requestAnimationFrame(shown);
                };
                shown();
              }),
            { expected: words, selector: FRAME },
          ),
        );
        await expect(frame.getByText(words)).toBeVisible();
      }
      console.log(`About preview: shown ${delays.map((ms) => ms.toFixed(0)).join(', ')} ms after typing`);
      await expectNoSeriousAxeViolations(page, [FRAME]);

      // the typing is autosaved as a draft (the screen opened without one): its preview link is offered from then on
      await expect(page.getByText(draftCopy.autosaved, { exact: true })).toBeVisible({ timeout: 10_000 });
      await expect(page.getByRole('button', { name: previewCopy.share })).toBeVisible();
      await page.getByRole('button', { name: previewCopy.hide }).last().click();
      await expect(page.locator(FRAME)).toHaveCount(0);
      // nothing is live: visitors see the stored story
      expect(await (await fetch(`${SERVERS.demo}/about`)).text()).not.toContain('Typed story');
      // the time last: the checks above hold on a loaded machine too
      expect(Math.min(...delays)).toBeLessThan(300);
    } finally {
      // the shared demo data as it was: no autosave after this one, and no draft left
      await page.close();
      await page.request.delete('/api/about-content/draft', { headers: { authorization: `Bearer ${token}` } });
    }
  },
);

test('an About draft’s preview link opens the draft without a session; once published it is refused', async ({ page, browser, token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const live = await liveAbout(page.request);
  const drafted = uniqueName('A drafted story of the company');
  const visitor = await browser.newContext();
  try {
    const draft = await page.request.put('/api/about-content/draft', {
      headers,
      data: { ...live, main: { ...live.main, description: drafted } },
    });
    expect(draft.status(), await draft.text()).toBe(200);
    await openScreen(page, '/admin/about', aboutEditorCopy.title);
    await page.getByRole('button', { name: previewCopy.share }).click();
    const link = page.getByLabel(previewCopy.linkLabel, { exact: true });
    await expect(link).toHaveValue(/\/preview\/[\w.-]+$/);
    await expectNoSeriousAxeViolations(page);
    const url = new URL(await link.inputValue());

    const guest = await visitor.newPage();
    const opened = await guest.goto(url.pathname);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex');
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    await expect(guest.getByText(drafted)).toBeVisible();
    await expect(guest.getByText(live.main.description)).toHaveCount(0);

    const published = await page.request.post('/api/about-content/publish', { headers });
    expect(published.status(), await published.text()).toBe(200);
    const refused = await guest.goto(url.pathname);
    expect(refused?.status()).toBe(410);
    await expect(guest.getByRole('heading', { name: previewLinkMessages.refusedTitle })).toBeVisible();
  } finally {
    await visitor.close();
    // the shared demo data as it was: no draft left, the live story back
    await page.request.delete('/api/about-content/draft', { headers });
    const restored = await page.request.put('/api/about-content', { headers, data: live });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
