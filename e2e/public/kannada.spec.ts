/**
 * The Kannada pages as a visitor reads them (issue 28, docs/decisions/0049): no English fixed text left on any of them
 * (checked against the English copy list), content without a Kannada value shown in English and marked lang="en", and the
 * contact form validating in Kannada without JavaScript, its message recorded as sent from a Kannada page. The switcher,
 * hreflang and the font are e2e/public/languages.spec.ts; the admin's side-by-side inputs e2e/admin/translations.spec.ts.
 */
import type { Page } from '@playwright/test';
import { englishCopy } from '../../shared/copy/public-en';
import { kn } from '../../shared/copy/public-kn';
import { copyStrings } from '../../shared/copy/copy-strings';
import { localizedPath } from '../../shared/languages';
import type { ContactMessage, GalleryItem } from '../../shared/resources';
import { PUBLIC_PAGES } from '../fixtures/public-pages';
import { expect, test } from '../fixtures/test';
import { adminToken, apiList, firstProjectEnquiryPath } from './public-helpers';

/**
 * The English copy's texts that a Kannada page must not show: each text (a function's with sample numbers) cut at its
 * numbers, the pieces with three letters or more, less any the Kannada copy shares (brand names).
 */
const kannadaTexts = new Set(copyStrings(kn));
const ENGLISH_PIECES = [
  ...new Set(
    copyStrings(englishCopy)
      .filter((text) => !kannadaTexts.has(text))
      .flatMap((text) => text.split(/\d+/))
      .map((piece) => piece.trim())
      .filter((piece) => (piece.match(/[A-Za-z]/g) ?? []).length >= 3 && !kannadaTexts.has(piece)),
  ),
];

/** The Latin-script words the Kannada copy itself uses (brand names: WhatsApp, LinkedIn); any other on a Kannada page is English. */
const LATIN_WORDS = /[A-Za-z]{2,}/g;
const kannadaCopyLatinWords = new Set([...kannadaTexts].flatMap((text) => text.match(LATIN_WORDS) ?? []));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A piece found as whole words: "Home" is not found in "Homes". */
const wordsOf = (piece: string) => new RegExp(`${/^\w/.test(piece) ? '\\b' : ''}${escape(piece)}${/\w$/.test(piece) ? '\\b' : ''}`);

/** The page's texts and accessible names that are not marked as another language (content left in English says lang="en"). */
function textsInPageLanguage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inPageLanguage = (element: Element | null) => element?.closest('[lang]')?.getAttribute('lang') === document.documentElement.lang;
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, noscript')) continue;
      if (inPageLanguage(parent) && node.textContent?.trim()) texts.push(node.textContent.trim());
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!inPageLanguage(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    // the home page's title and description are the Site settings' (content: the demo's has no Kannada), the others' the copy's
    if (location.pathname !== '/kn') {
      texts.push(document.title, document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
    }
    return texts;
  });
}

/** The page's text nodes in its own language holding Latin-script words (an e-mail address aside) the Kannada copy does not use. */
function latinTextsInPageLanguage(page: Page, allowed: ReadonlySet<string>): Promise<string[]> {
  return page.evaluate(
    ({ allowed, latinWords }) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, template, noscript')) continue;
        if (parent.closest('[lang]')?.getAttribute('lang') !== document.documentElement.lang) continue;
        const words = (node.textContent ?? '')
          .split(/\s+/)
          .filter((word) => !word.includes('@'))
          .flatMap((word) => word.match(new RegExp(latinWords, 'g')) ?? []);
        if (words.some((word) => !allowed.includes(word))) found.push(node.textContent!.trim());
      }
      return found;
    },
    { allowed: [...allowed], latinWords: LATIN_WORDS.source },
  );
}

test('every Kannada page says lang="kn" and shows no English text outside what is marked lang="en"', async ({ page, request }) => {
  test.setTimeout(180_000);
  const paths = [...PUBLIC_PAGES, await firstProjectEnquiryPath(request)].map((path) => localizedPath(path, 'kn'));
  expect(ENGLISH_PIECES.length).toBeGreaterThan(150);
  const left: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'kn');
    const texts = (await textsInPageLanguage(page)).join('\n');
    const found = ENGLISH_PIECES.filter((piece) => wordsOf(piece).test(texts));
    // nor any other English text unmarked: the company name, a network's name, content left in English say lang="en"
    found.push(...(await latinTextsInPageLanguage(page, kannadaCopyLatinWords)));
    if (found.length) left[path] = found;
  }
  expect(left, 'English text on Kannada pages not marked lang="en"').toEqual({});
});

test('content without a Kannada value shows in English, marked lang="en"; with one, in Kannada on /kn and English on /', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const [item] = await apiList<GalleryItem>(request, 'gallery');
  expect(item).toBeDefined();
  const headers = { authorization: `Bearer ${token}` };
  const kannadaTitle = `ಕೆತ್ತಿದ ಬಾಗಿಲು ${Date.now()}`;
  await page.goto('/kn/gallery');
  // demo content has no Kannada: its title is the English one, in an element that says so
  const englishTitle = page.getByText(item!.title, { exact: true }).first();
  await expect(englishTitle).toBeVisible();
  expect(await englishTitle.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('en');

  // an update that sends only translations keeps every English field and image (docs/decisions/0049)
  const translate = (title: string) => request.put(`/api/gallery/${item!._id}`, { headers, data: { translations: { kn: { title } } } });
  const updated = await translate(kannadaTitle);
  expect(updated.status(), await updated.text()).toBe(200);
  try {
    await expect(async () => {
      await page.goto('/kn/gallery');
      const translated = page.getByText(kannadaTitle, { exact: true }).first();
      await expect(translated).toBeVisible({ timeout: 1000 });
      expect(await translated.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('kn');
    }).toPass({ timeout: 15_000 });
    await page.goto('/gallery');
    await expect(page.getByText(item!.title, { exact: true }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText(kannadaTitle);
  } finally {
    await translate('');
  }
});

test('without JavaScript the Kannada contact form validates in Kannada and its message is recorded as sent in Kannada', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await page.goto('/kn/contact');
  await field(kn.contact.labels.name).fill('ಅನಿತಾ');
  await field(kn.contact.labels.email).fill('not an address');
  await page.getByRole('button', { name: kn.contact.submit }).click();
  await expect(page).toHaveURL(/\/kn\/contact$/);
  await expect(page.getByTestId('contact-notice')).toHaveText(kn.contact.toasts.correct);
  await expect(page.getByTestId('error-email')).toHaveText(kn.contact.errors.emailInvalid);
  await expect(page.getByTestId('error-number')).toHaveText(kn.contact.errors.numberRequired);
  await expect(field(kn.contact.labels.name)).toHaveValue('ಅನಿತಾ');

  const text = `ಕನ್ನಡ ಪುಟದಿಂದ ಸಂದೇಶ ${Date.now()}`;
  await field(kn.contact.labels.email).fill('anitha@example.com');
  await field(kn.contact.labels.number).fill('98450 33333');
  await field(kn.contact.labels.message).fill(text);
  await page.getByRole('button', { name: kn.contact.submit }).click();
  await expect(page).toHaveURL(/\/kn\/contact\?sent=1$/);
  await expect(page.getByTestId('contact-notice')).toHaveText(kn.contact.toasts.success);
  await context.close();

  const token = await adminToken(request);
  const reply = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  const messages = ((await reply.json()) as { data: (ContactMessage & { language?: string })[] }).data;
  expect(messages.filter((m) => m.message === text)).toEqual([expect.objectContaining({ name: 'ಅನಿತಾ', language: 'kn' })]);
});
