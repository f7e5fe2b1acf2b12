/**
 * Content in Kannada beside the English in the admin (docs/decisions/0049, issue 28): a gallery item's Kannada title
 * typed side by side with the English one is saved and comes back after a reload, and so are its image's Kannada
 * description and alt text, which /kn/gallery shows (the card's alt text, the lightbox's caption); the item's "Kannada missing" marker
 * goes once every text has its Kannada; the "Missing Kannada" filter (kept in the address) lists only the items missing
 * some; the live preview shows the Kannada page with what is typed; the About editor's hero gets a Kannada title; the
 * form has no serious or critical axe violation.
 */
import type { APIRequestContext } from '@playwright/test';
import type { AboutContent } from '../../shared/about-content';
import { aboutEditorCopy, commonCopy, galleryCopy, previewCopy, translationCopy } from '../../shared/copy/admin';
import { fillFields, publicHtml } from '../fixtures/admin-crud';
import { testImages, uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';

const KANNADA = 'Kannada';
const titleLabel = 'Project Title';
const knTitleLabel = translationCopy.fieldLabel(titleLabel, KANNADA);
const missingFilter = translationCopy.missingFilter(KANNADA);
const IMAGE_DESCRIPTION_KN = 'ಮುಂಬಾಗಿಲಿನ ಕೆತ್ತನೆ';
const IMAGE_ALT_KN = 'ಕೆತ್ತನೆಯ ಮುಂಬಾಗಿಲು';

/** A gallery item added through the API (the English only): the list's other items to filter. */
async function addGalleryItem(request: APIRequestContext, token: string, title: string, translations?: object): Promise<string> {
  const [image] = await testImages(1);
  const reply = await request.post('/api/gallery', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      category: 'Doors',
      images: image!,
      ...(translations ? { translations: JSON.stringify(translations) } : {}),
    },
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { data: { _id: string } }).data._id;
}

test('gallery: a Kannada title side by side is saved and reloaded; the missing marker and the Missing Kannada filter', async ({
  page,
  token,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Kannada gallery');
  const untranslated = uniqueName('English only');
  const translated = uniqueName('Both languages');
  const ids = [
    await addGalleryItem(page.request, token, untranslated),
    await addGalleryItem(page.request, token, translated, { kn: { title: 'ಎರಡೂ ಭಾಷೆ' } }),
  ];
  try {
    await openScreen(page, '/admin/gallery', galleryCopy.title);
    await page.getByRole('button', { name: galleryCopy.addButton, exact: true }).click();

    // the Kannada input beside the English one: same row on a wide screen, labelled, lang="kn"
    const english = page.getByLabel(titleLabel, { exact: true });
    const kannada = page.getByLabel(knTitleLabel, { exact: true });
    await expect(kannada).toHaveAttribute('lang', 'kn');
    // polled: on a slow machine the form was measured once while still being laid out (its Kannada label's font arriving)
    const boxes = async () => Promise.all([english.boundingBox(), kannada.boundingBox()]);
    await expect.poll(async () => boxes().then(([e, k]) => (e && k ? Math.abs(e.y - k.y) : Infinity))).toBeLessThan(4);
    const [englishBox, kannadaBox] = await boxes();
    expect(kannadaBox!.x).toBeGreaterThan(englishBox!.x + englishBox!.width);
    await expectNoSeriousAxeViolations(page);

    // added with the English only: the list marks it missing one Kannada text
    await fillFields(page, { [titleLabel]: title, Category: { select: 'Doors' } });
    await page.getByLabel(commonCopy.chooseImages).setInputFiles(await testImages(1));
    await page.getByRole('button', { name: commonCopy.add, exact: true }).click();
    await expect(page.getByText(galleryCopy.added, { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(translationCopy.missingCount(KANNADA, 1), { exact: true })).toBeAttached();
    await expect(row.getByText(`${translationCopy.missing(KANNADA)} (1)`, { exact: true })).toBeVisible();

    // the filter: only items missing Kannada, kept in the address
    await page.getByLabel(translationCopy.filter, { exact: true }).selectOption({ label: missingFilter });
    await expect(page).toHaveURL(/[?&]missing=kn(&|$)/);
    await page.getByLabel(commonCopy.search).fill('e2e');
    await expect(page.getByRole('row').filter({ hasText: untranslated })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: translated })).toHaveCount(0);
    const marked = page.getByRole('row').filter({ has: page.getByTestId('missing-translation') });
    await expect(page.getByRole('row')).toHaveCount((await marked.count()) + 1);

    // the Kannada title typed in the edit form, saved, and there again after a reload
    await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
    await expect(kannada).toHaveValue('');
    await kannada.fill('ತೇಗದ ಬಾಗಿಲು');
    // the image's own texts: a Kannada input beside its English description and alt text (docs/decisions/0049)
    await page.getByLabel(galleryCopy.imageDescription(1), { exact: true }).fill('The carved front door');
    const knDescription = page.getByLabel(translationCopy.fieldLabel(galleryCopy.imageDescription(1), KANNADA), { exact: true });
    await expect(knDescription).toHaveAttribute('lang', 'kn');
    await knDescription.fill(IMAGE_DESCRIPTION_KN);
    await page.getByLabel(translationCopy.fieldLabel(commonCopy.altTextOf(1), KANNADA), { exact: true }).fill(IMAGE_ALT_KN);
    // the live preview, before saving: the Kannada page with the typed Kannada title, the English one with the English
    await page.getByRole('button', { name: previewCopy.show }).click();
    const languages = page.getByRole('group', { name: previewCopy.language });
    await languages.getByRole('button', { name: KANNADA, exact: true }).click();
    await expect(languages.getByRole('button', { name: KANNADA, exact: true })).toHaveAttribute('aria-pressed', 'true');
    const kannadaFrame = page.frameLocator(`iframe[title="${previewCopy.frameTitle('/kn/gallery')}"]`);
    await expect(kannadaFrame.getByText('ತೇಗದ ಬಾಗಿಲು').first()).toBeVisible();
    await expect(kannadaFrame.locator('html')).toHaveAttribute('lang', 'kn');
    await languages.getByRole('button', { name: 'English', exact: true }).click();
    const englishFrame = page.frameLocator(`iframe[title="${previewCopy.frameTitle('/gallery')}"]`);
    await expect(englishFrame.getByText(title).first()).toBeVisible();
    await expect(englishFrame.getByText('ತೇಗದ ಬಾಗಿಲು')).toHaveCount(0);
    await page.getByRole('button', { name: previewCopy.hide }).first().click();
    await page.getByRole('button', { name: commonCopy.update, exact: true }).click();
    await expect(page.getByText(galleryCopy.updated, { exact: true })).toBeVisible();
    // fully translated now: out of the filtered list, and with no marker once the filter is off
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel(translationCopy.filter, { exact: true })).toHaveValue('kn');
    await page.getByLabel(translationCopy.filter, { exact: true }).selectOption({ label: translationCopy.allTranslations });
    await expect(page).not.toHaveURL(/missing=/);
    await page.getByLabel(commonCopy.search).fill(title);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('missing-translation')).toHaveCount(0);
    await page.getByRole('button', { name: `${commonCopy.edit} ${title}` }).click();
    await expect(page.getByLabel(knTitleLabel, { exact: true })).toHaveValue('ತೇಗದ ಬಾಗಿಲು');
    await expect(page.getByLabel(titleLabel, { exact: true })).toHaveValue(title);
    await expect(page.getByLabel(translationCopy.fieldLabel(galleryCopy.imageDescription(1), KANNADA), { exact: true })).toHaveValue(
      IMAGE_DESCRIPTION_KN,
    );

    type Stored = { _id: string; title: string; translations?: { kn?: { title?: string } } };
    const stored = ((await (await page.request.get('/api/gallery')).json()) as { data: Stored[] }).data;
    expect(stored.find((item) => item.title === title)?.translations?.kn?.title).toBe('ತೇಗದ ಬಾಗಿಲು');
    // the public pages: the Kannada title on /kn/gallery, the English one on /gallery
    const kannadaPage = await publicHtml(page, '/kn/gallery');
    expect(kannadaPage).toContain('ತೇಗದ ಬಾಗಿಲು');
    expect(kannadaPage).not.toContain(title);
    // what the page shows (its hydration data carries the record whole, translations included)
    const englishPage = (await publicHtml(page, '/gallery')).replace(/<script[\s\S]*?<\/script>/g, '');
    expect(englishPage).toContain(title);
    expect(englishPage).not.toContain('ತೇಗದ ಬಾಗಿಲು');
    expect(englishPage).not.toContain(IMAGE_ALT_KN);

    // on /kn/gallery the card's image has its Kannada alt text, and the lightbox shows its Kannada description
    await page.goto('/kn/gallery');
    const card = page.getByTestId('gallery-item').filter({ hasText: 'ತೇಗದ ಬಾಗಿಲು' });
    await expect(card.getByRole('img', { name: IMAGE_ALT_KN, exact: true })).toBeVisible();
    await card.getByRole('button').click();
    await expect(page.getByText(IMAGE_DESCRIPTION_KN, { exact: true })).toBeVisible();
    await expect(page.getByText('The carved front door', { exact: true })).toHaveCount(0);
  } finally {
    const headers = { authorization: `Bearer ${token}` };
    const all = ((await (await page.request.get('/api/gallery')).json()) as { data: { _id: string; title: string }[] }).data;
    for (const item of all.filter((each) => each.title === title)) ids.push(item._id);
    for (const id of ids) await page.request.delete(`/api/gallery/${id}`, { headers });
  }
});

test('About: the hero gets a Kannada title beside the English one, there after a reload', async ({ page, token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const original = ((await (await page.request.get('/api/about-content')).json()) as { data: AboutContent & { translations?: unknown } })
    .data;
  const hero = page.getByRole('region', { name: aboutEditorCopy.hero });
  const knTitle = hero.getByLabel(translationCopy.fieldLabel(aboutEditorCopy.heroFields.title, KANNADA), { exact: true });
  const heroTitle = uniqueName('ಕನ್ನಡ ಶೀರ್ಷಿಕೆ');
  // the editor opens a draft when there is one: an earlier spec's autosaved draft would stand in for the live document
  await page.request.delete('/api/about-content/draft', { headers });
  try {
    await openScreen(page, '/admin/about', aboutEditorCopy.title);
    await expect(knTitle).toHaveAttribute('lang', 'kn');
    await expect(hero.getByTestId('missing-translation')).toBeVisible();
    await knTitle.fill(heroTitle);
    await hero.getByRole('button', { name: aboutEditorCopy.saveSection }).click();
    await expect(page.getByText(aboutEditorCopy.saved, { exact: true })).toBeVisible();
    await openScreen(page, '/admin/about', aboutEditorCopy.title);
    await expect(knTitle).toHaveValue(heroTitle);
    await expect(hero.getByLabel(aboutEditorCopy.heroFields.title, { exact: true })).toHaveValue(original.hero.title);
    await expectNoSeriousAxeViolations(page);
  } finally {
    await page.request.put('/api/about-content', { headers, data: { ...original, translations: original.translations ?? {} } });
  }
});
