/** /api/site-settings: public read; accounts with the site settings permission write, not Editors (auth, the cookie's CSRF check, validation, audit) and every public page shows it at once. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages, apiMessages, areaLabels } from '../../shared/api-messages';
import { contact } from '../../shared/copy/public';
import {
  DEFAULT_SITE_SETTINGS,
  DEMO_SITE_SETTINGS,
  OLD_DEMO_MAP_LINK,
  addressLine,
  mapHref,
  SITE_LIMITS,
  siteSettingsMessages as messages,
  type SiteSettings,
} from '../../shared/site-settings';
import { buildApp } from '../app';
import { editorToken } from '../test/step-up';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

describe('/api/site-settings', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t?.close());

  const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
  const put = (payload: unknown, headers: Record<string, string> = auth()) =>
    t.app.inject({ method: 'PUT', url: '/api/site-settings', headers, payload: payload as object });
  const saved = async (): Promise<SiteSettings> => (await t.app.inject('/api/site-settings')).json().data;
  const auditEntries = async () =>
    (await t.app.inject({ url: '/api/activity?kind=site-settings.updated', headers: auth() })).json().data.entries as {
      actor: { email: string };
      details: { changes: Record<string, { before?: unknown; after?: unknown }> };
    }[];

  it('is public to read: the defaults until saved', async () => {
    const reply = await t.app.inject('/api/site-settings');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, data: DEFAULT_SITE_SETTINGS });
  });

  it('refuses a write without sign-in, and a cookie write without the same-site proof', async () => {
    expect((await put(DEMO_SITE_SETTINGS, {})).statusCode).toBe(401);
    expect((await put(DEMO_SITE_SETTINGS, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/admins/login', payload: TEST_ADMIN });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const crossSite = await put(DEMO_SITE_SETTINGS, { cookie });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toBe(apiMessages.crossSiteRefused);
    expect(await saved()).toEqual(DEFAULT_SITE_SETTINGS);
    const sameSite = await put(DEMO_SITE_SETTINGS, { cookie, 'x-requested-with': 'fetch', origin: t.env.publicUrl });
    expect(sameSite.statusCode, sameSite.body).toBe(200);
    expect(await saved()).toEqual(DEMO_SITE_SETTINGS);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    expect((await put(DEMO_SITE_SETTINGS)).statusCode).toBe(200);
    const day = (opens: string, closes: string) => ({ ...DEMO_SITE_SETTINGS.hours, monday: { opens, closes } });
    const cases: [Partial<Record<keyof SiteSettings, unknown>>, string][] = [
      [{ companyName: '  ' }, messages.companyNameRequired],
      [{ companyName: 'x'.repeat(SITE_LIMITS.companyName + 1) }, messages.tooLong('Company name', SITE_LIMITS.companyName)],
      [{ email: 'not-an-email' }, messages.emailInvalid],
      [{ phone: '12345' }, messages.phoneInvalid],
      [{ phone: '+91 80 CALL NOW' }, messages.phoneInvalid],
      [{ whatsapp: '1234567' }, messages.whatsappInvalid],
      [{ phone: 'abc' }, messages.phoneInvalid],
      [{ whatsapp: 'abc' }, messages.whatsappInvalid],
      [{ whatsapp: '99000 5432' }, messages.whatsappInvalid],
      [{ mapLink: 'javascript:alert(1)' }, messages.urlInvalid('Map link')],
      [{ mapLink: 'ftp://maps.example.com/x' }, messages.urlInvalid('Map link')],
      [{ social: { ...DEMO_SITE_SETTINGS.social, facebook: 'facebook.com/us' } }, messages.urlInvalid('Facebook')],
      [{ social: { ...DEMO_SITE_SETTINGS.social, linkedin: 'data:text/html,hi' } }, messages.urlInvalid('LinkedIn')],
      [{ hours: day('09:00', '') }, messages.timeBoth('Monday')],
      [{ hours: day('9am', '8pm') }, messages.timeInvalid('Monday')],
      [{ hours: day('20:00', '09:00') }, messages.timeOrder('Monday')],
      [{ address: { ...DEMO_SITE_SETTINGS.address, country: 'India' } }, messages.countryInvalid],
      [{ defaultTitle: 'x'.repeat(SITE_LIMITS.defaultTitle + 1) }, messages.tooLong('Default page title', SITE_LIMITS.defaultTitle)],
      [
        { defaultDescription: 'x'.repeat(SITE_LIMITS.defaultDescription + 1) },
        messages.tooLong('Default page description', SITE_LIMITS.defaultDescription),
      ],
      [{ shareImage: 'https://evil.example/a.webp' }, messages.shareImageInvalid],
      [{ companyName: 'Nul\u0000Name' }, apiMessages.textHasNul('Company name')],
      // what the screen always sends, missing or of the wrong kind (a script calling the API): named, not zod's words
      [{ address: undefined }, messages.missing('Address')],
      [{ hours: 'always' }, messages.missing('Opening hours')],
      [{ hours: { ...DEMO_SITE_SETTINGS.hours, friday: null } }, messages.missing('Friday')],
      [{ social: [] }, messages.missing('Social links')],
      [{ companyName: 42 }, messages.missing('Company name')],
      [{ address: { ...DEMO_SITE_SETTINGS.address, street: ['x'] } }, messages.missing('Street address')],
      [{ mapLink: false }, messages.missing('Map link')],
    ];
    const before = (await auditEntries()).length;
    for (const [change, message] of cases) {
      const reply = await put({ ...DEMO_SITE_SETTINGS, ...change });
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(reply.json().message, JSON.stringify(change)).toBe(message);
      expect(reply.json().success).toBe(false);
    }
    expect(await saved()).toEqual(DEMO_SITE_SETTINGS);
    expect(await auditEntries()).toHaveLength(before);
  });

  it('keeps numbers in E.164, India when no country code is given', async () => {
    const numbers: [string, string][] = [
      ['99000 54321', '+919900054321'],
      ['080 4123 4567', '+918041234567'],
      ['+91 (80) 4123-4567', '+918041234567'],
      ['+44 20 7946 0958', '+442079460958'],
    ];
    for (const [typed, e164] of numbers) {
      const reply = await put({ ...DEMO_SITE_SETTINGS, phone: typed, whatsapp: typed });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().data, typed).toMatchObject({ phone: e164, whatsapp: e164 });
      expect(await saved(), typed).toMatchObject({ phone: e164, whatsapp: e164 });
    }
  });

  it('saves trimmed values, records who changed what; an Editor may not change them (one account could redirect every lead)', async () => {
    expect((await put(DEMO_SITE_SETTINGS)).statusCode).toBe(200);
    const changed = { ...DEMO_SITE_SETTINGS, phone: '  +91 99000 11223 ', address: { ...DEMO_SITE_SETTINGS.address, country: 'in' } };
    const reply = await put({ ...changed, social: { ...changed.social, twitter: '' } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(messages.saved);
    const now = await saved();
    expect(now.phone).toBe('+919900011223');
    expect(now.address.country).toBe('IN');
    expect(now.social.twitter).toBe('');
    const [entry] = await auditEntries();
    expect(entry!.actor.email).toBe(TEST_ADMIN.email);
    expect(entry!.details.changes).toEqual({
      phone: { before: DEMO_SITE_SETTINGS.phone, after: '+919900011223' },
      'social.twitter': { before: DEMO_SITE_SETTINGS.social.twitter, after: '' },
    });

    const editor = await editorToken(t.app, token);
    const before = (await auditEntries()).length;
    const byEditor = await put({ ...now, email: 'leads@attacker.example' }, auth(editor));
    expect(byEditor.statusCode, byEditor.body).toBe(403);
    expect(byEditor.json().message).toBe(accountSecurityMessages.areaRequired(areaLabels.settings));
    expect((await saved()).email).toBe(now.email);
    expect(await auditEntries()).toHaveLength(before);
  });
});

describe('Site settings on the public pages', () => {
  let t: TestApp;
  let web: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    web = await buildApp({ services: t.services, web: 'production' });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  it('a save shows on every cached page at once, in the footer, titles and JSON-LD', async () => {
    await t.services.siteSettings.save(DEMO_SITE_SETTINGS);
    const first = await web.inject('/contact');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(DEMO_SITE_SETTINGS.email);
    // a second request comes from the page cache
    expect((await web.inject('/contact')).body).toBe(first.body);

    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/site-settings',
      headers: { authorization: `Bearer ${await t.login()}` },
      payload: { ...DEMO_SITE_SETTINGS, companyName: 'Fresh Name & Sons', email: 'new@example.org', social: {} },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    for (const path of ['/', '/contact', '/project/exterior']) {
      const body = (await web.inject(path)).body;
      expect(body, path).toContain('new@example.org');
      expect(body, path).not.toContain(DEMO_SITE_SETTINGS.email);
      expect(body, path).toContain('Fresh Name');
      expect(body, path).not.toContain('facebook.com');
      expect(body, path).toMatch(/<script type="application\/ld\+json">[^<]*"HomeAndConstructionBusiness"/);
    }
    expect((await web.inject('/contact')).body).toContain('<title>Contact Us | Fresh Name &amp; Sons</title>');
  });

  it('numbers saved before they were normalised (demo content, old rows) still call and open WhatsApp, shown readable', async () => {
    await t.services.siteSettings.save({ ...DEMO_SITE_SETTINGS, phone: '080 4123 4567', whatsapp: '99000 54321' });
    t.services.siteSettings.forgetCached();
    expect(await t.services.siteSettings.get()).toMatchObject({ phone: '+918041234567', whatsapp: '+919900054321' });
    const body = (await web.inject('/contact')).body;
    expect(body).toContain('href="https://wa.me/919900054321?text=');
    expect(body).not.toContain('wa.me/9900054321');
    expect(body).toContain('href="tel:+918041234567"');
    expect(body).toContain('+91 80 4123 4567');
  });

  it('the contact map names the address and links to it; the old demo link (Indiranagar) follows a new address', async () => {
    const moved = { ...DEMO_SITE_SETTINGS.address, street: '45, 2nd Main Road, Jayanagar 4th Block', postalCode: '560011' };
    await t.services.siteSettings.save({ ...DEMO_SITE_SETTINGS, address: moved, mapLink: OLD_DEMO_MAP_LINK });
    t.services.siteSettings.forgetCached();
    const settings = await t.services.siteSettings.get();
    expect(settings.mapLink).toBe('');
    const body = (await web.inject('/contact')).body;
    expect(body).not.toContain('Indiranagar');
    expect(body).toContain(`aria-label="${contact.mapTitle(addressLine(settings))}"`);
    expect(body).toContain(`href="${mapHref(settings)}"`);
    expect(mapHref(settings)).toContain(encodeURIComponent('Jayanagar 4th Block'));

    // a map link of the company's own is kept
    const own = 'https://maps.example.com/our-office';
    await t.services.siteSettings.save({ ...settings, mapLink: own });
    expect((await web.inject('/contact')).body).toContain(`href="${own}"`);
  });

  it('escapes "<" in the JSON-LD: a name cannot close the script', async () => {
    const hostile = '</script><script>alert(1)</script>';
    await t.services.siteSettings.save({ ...DEMO_SITE_SETTINGS, companyName: hostile });
    const body = (await web.inject('/')).body;
    expect(body).not.toContain(hostile);
    const blocks = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(blocks.find((block) => block['@type'] === 'HomeAndConstructionBusiness')?.name).toBe(hostile);
    expect(blocks.some((block) => block['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('sitemap: each page’s lastmod is its content’s latest change', async () => {
    const before = Date.now();
    await t.services.siteSettings.save(DEMO_SITE_SETTINGS);
    const body = (await web.inject('/sitemap.xml')).body;
    const lastmods = [...body.matchAll(/<loc>[^<]*<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => Date.parse(m[1]!));
    // every listed page in both languages (docs/decisions/0049)
    expect(lastmods).toHaveLength(16);
    for (const time of lastmods) expect(time).toBeGreaterThanOrEqual(before - 1000);
  });
});
