/**
 * Site settings: a change in the admin shows at once in the header, footer, contact page and JSON-LD
 * of every public page; an empty social link shows no link; call and WhatsApp links carry the numbers.
 * The demo settings are put back at the end (the other specs on the demo server expect them).
 */
import type { Page } from '@playwright/test';
import { siteSettingsCopy as copy } from '../../shared/copy/admin';
import { contact, footer, nav, projects, reach } from '../../shared/copy/public';
import {
  DEMO_SITE_SETTINGS as demo,
  addressLine,
  mapHref,
  siteSettingsMessages as messages,
  telHref,
  whatsappHref,
  type SiteSettings,
} from '../../shared/site-settings';
import { PUBLIC_PAGES } from '../fixtures/public-pages';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { expect, openScreen, test } from '../fixtures/admin-login';

const NAME = 'Teak & Stone Builders';
const PHONE = '+91 98765 43210';
const WHATSAPP = '+91 91234 56789';
const EMAIL = 'hello@teak-stone.example';
const STREET = '45, 2nd Main Road, Jayanagar 4th Block';
// typed as people in India write them; saved in E.164, shown in the international format
const PHONE_TYPED = '098765 43210';

/** The JSON-LD blocks of the page as the server sent it. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** CSP violations and errors reported by the browser from now on. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

test('Site settings: a change shows on every public page (header, footer, contact, JSON-LD); empty links show nothing; call and WhatsApp carry the numbers', async ({
  page,
  token,
}) => {
  // eight public pages read twice over, with the admin round trips: more than the default minute on a busy machine
  test.setTimeout(150_000);
  const headers = { authorization: `Bearer ${token}` };
  const original = ((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data;
  expect(original).toEqual(demo);
  try {
    await openScreen(page, '/admin/settings', copy.title);
    await expectNoSeriousAxeViolations(page);
    const field = (label: string) => page.getByLabel(label, { exact: true });

    // bad input: a clear message, and nothing saved
    await field(copy.fields.email).fill('not-an-email');
    await field(copy.fields.mapLink).fill('javascript:alert(1)');
    await page.getByRole('button', { name: copy.save }).click();
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await expect(page.getByText(messages.urlInvalid('Map link'))).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(copy.fixErrors);
    await expect(field(copy.fields.email)).toHaveAttribute('aria-invalid', 'true');
    expect(((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data).toEqual(demo);

    await field(copy.fields.companyName).fill(NAME);
    await field(copy.fields.email).fill(EMAIL);
    await field(copy.fields.phone).fill(PHONE_TYPED);
    await field(copy.fields.street).fill(STREET);
    await field(copy.fields.whatsapp).fill(WHATSAPP);
    await field(copy.fields.mapLink).fill(demo.mapLink);
    await field('Facebook').fill('');
    await field('Twitter').fill('');
    await field(copy.closes('Saturday')).fill('14:00');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: copy.save }).click();
    await expect(page.getByText(messages.saved)).toBeVisible();
    await expect(field(copy.fields.phone)).toHaveValue(PHONE);
    const stored = ((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data;
    expect(stored).toMatchObject({ phone: '+919876543210', whatsapp: '+919123456789', mapLink: '' });

    const problems = await watchProblems(page);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: nav.logoLabel(NAME) }).first(), path).toBeVisible();
      const foot = page.locator('footer');
      await expect(foot, path).toContainText(EMAIL);
      await expect(foot, path).toContainText(PHONE);
      await expect(foot, path).toContainText('Mon-Fri: 9AM - 8PM, Sat: 9AM - 2PM');
      await expect(foot, path).toContainText(footer.copyright(NAME));
      await expect(foot.getByRole('link', { name: /Facebook/ }), path).toHaveCount(0);
      await expect(foot.getByRole('link', { name: /Twitter/ }), path).toHaveCount(0);
      await expect(foot.getByRole('link', { name: /Instagram/ }), path).toHaveAttribute('href', demo.social.instagram);
      await expect(foot.getByRole('link', { name: PHONE, exact: true }), path).toHaveAttribute('href', telHref(PHONE));
      await expect(foot.getByRole('link', { name: reach.callLabel(PHONE) }), path).toHaveAttribute('href', 'tel:+919876543210');
      const whatsapp = foot.getByRole('link', { name: new RegExp(reach.whatsapp) });
      await expect(whatsapp, path).toHaveAttribute('href', /^https:\/\/wa\.me\/919123456789\?text=/);

      const blocks = await jsonLd(page);
      const business = blocks.find((block) => block['@type'] === 'HomeAndConstructionBusiness');
      expect(business, path).toMatchObject({ name: NAME, telephone: PHONE, email: EMAIL });
      expect(business?.sameAs, path).toEqual([demo.social.instagram, demo.social.youtube, demo.social.linkedin]);
      expect(
        blocks.some((block) => block['@type'] === 'BreadcrumbList'),
        path,
      ).toBe(true);
    }
    expect(problems).toEqual([]);

    // the contact page: details, links and the buttons naming the page
    await page.goto('/contact');
    await expect(page).toHaveTitle(`${contact.title} | ${NAME}`);
    const aside = page.getByRole('complementary');
    await expect(aside.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    // the map follows the address: its text names the new one, and both links search for it
    await expect(aside).not.toContainText('Indiranagar');
    await expect(aside.getByRole('link', { name: new RegExp(STREET) })).toHaveAttribute('href', mapHref(stored));
    expect(mapHref(stored)).toContain(encodeURIComponent(STREET));
    await expect(aside.getByRole('img', { name: contact.mapTitle(addressLine(stored)) })).toBeVisible();
    await expect(aside.getByRole('link', { name: contact.openMap })).toHaveAttribute('href', mapHref(stored));
    await expect(aside.getByRole('link', { name: reach.callLabel(PHONE) })).toHaveAttribute('href', telHref(PHONE));
    await expect(aside.getByRole('link', { name: reach.whatsappLabel(contact.title) })).toHaveAttribute(
      'href',
      whatsappHref(WHATSAPP, reach.whatsappMessage(contact.title)),
    );

    // a project's details, and the interior categories
    await page.goto('/project/exterior');
    await page.getByTestId('project-card').first().getByRole('button', { name: projects.viewDetails }).click();
    const details = page.getByRole('dialog');
    const title = (await details.getByRole('heading', { level: 2 }).first().textContent())!.trim();
    await expect(details.getByRole('link', { name: reach.whatsappLabel(title) })).toHaveAttribute(
      'href',
      whatsappHref(WHATSAPP, reach.whatsappMessage(title)),
    );
    await expect(details.getByRole('link', { name: reach.callLabel(PHONE) })).toHaveAttribute('href', telHref(PHONE));
    const projectLists = (await jsonLd(page)).filter((block) => block['@type'] === 'ItemList');
    expect(projectLists.length).toBeGreaterThan(0);

    await page.goto('/project/interior');
    await expect(page.getByRole('link', { name: reach.whatsappLabel(reach.interiorSubject) })).toHaveAttribute(
      'href',
      whatsappHref(WHATSAPP, reach.whatsappMessage(reach.interiorSubject)),
    );

    // no number: no call or WhatsApp button anywhere
    const saved = ((await (await page.request.get('/api/site-settings')).json()) as { data: SiteSettings }).data;
    const cleared = await page.request.put('/api/site-settings', { headers, data: { ...saved, phone: '', whatsapp: '' } });
    expect(cleared.status()).toBe(200);
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: new RegExp(`${reach.call}|${reach.whatsapp}`) })).toHaveCount(0);
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
  } finally {
    const restored = await page.request.put('/api/site-settings', { headers, data: original });
    expect(restored.status()).toBe(200);
  }
});
