import { expect, test } from '../fixtures/test';
import { footer, nav, states } from '../../shared/copy/public';
import { formatPhone } from '../../shared/phone';
import { DEMO_SITE_SETTINGS as demo, addressLine, socialLinks } from '../../shared/site-settings';
import { FOOTER_LINKS, NAV_LINKS, PUBLIC_PAGES } from '../fixtures/public-pages';
import { SERVERS } from '../fixtures/servers';
import { firstProjectEnquiryPath } from './public-helpers';
import { LANGUAGES, localizedPath } from '../../shared/languages';

test.describe('header and footer', () => {
  test('header links, active underline (any /gallery… path) and compact header past 10 px', async ({ page }) => {
    await page.goto('/gallery?category=interior');
    const main = page.getByRole('navigation', { name: nav.mainNav });
    for (const link of NAV_LINKS) await expect(main.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to);
    await expect(main.getByRole('link', { name: nav.gallery })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByRole('link', { name: nav.home })).not.toHaveAttribute('aria-current', 'page');

    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveClass(/shadow-md/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    // the logo goes home (offline stand-in for the group's external site, docs/decisions)
    await page
      .getByRole('link', { name: nav.logoLabel(demo.companyName) })
      .first()
      .click();
    await expect(page).toHaveURL(`${SERVERS.demo}/`);
    await expect(main.getByRole('link', { name: nav.home })).toHaveAttribute('aria-current', 'page');
  });

  test('20 particles, regenerated every 5 s', async ({ page }) => {
    await page.goto('/about');
    const particles = page.getByTestId('particles').locator('span');
    await expect(particles).toHaveCount(20);
    const before = await particles.first().getAttribute('style');
    await expect.poll(async () => particles.first().getAttribute('style'), { timeout: 8000 }).not.toBe(before);
  });

  test('phone: the menu button opens a full-screen menu that closes on choosing a link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: nav.mainNav })).toBeHidden();
    await page.getByRole('button', { name: nav.openMenu }).click();
    const menu = page.getByRole('dialog', { name: nav.mainNav });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    await menu.getByRole('button', { name: nav.closeMenu }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: nav.openMenu }).click();
    await menu.getByRole('link', { name: nav.contact }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
  });

  test('footer: tagline with 2015, social links in a new tab, quick links, contact details, hours, policies', async ({ page }) => {
    await page.goto('/');
    const foot = page.locator('footer');
    await expect(foot).toContainText(footer.tagline);
    await expect(foot).toContainText('2015');
    for (const social of socialLinks(demo)) {
      const link = foot.getByRole('link', { name: social.label });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    const quick = foot.getByRole('navigation', { name: footer.quickLinks });
    for (const item of FOOTER_LINKS)
      await expect(quick.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('href', item.to);
    await expect(foot).toContainText(addressLine(demo));
    await expect(foot).toContainText('Indiranagar');
    await expect(foot).toContainText(formatPhone(demo.phone));
    await expect(foot).toContainText(demo.email);
    await expect(foot).toContainText('Mon-Sat: 9AM - 8PM');
    await expect(foot).toContainText(footer.copyright(demo.companyName));
    for (const policy of footer.policies) {
      await foot.getByRole('link', { name: policy.label }).click();
      await expect(page).toHaveURL(new RegExp(`#${policy.id}$`));
      await expect(page.locator(`#${policy.id}`)).toBeInViewport();
    }
  });

  test("a link to another page shows that page's loading text while the browser fetches it", async ({ page }) => {
    await page.goto('/about');
    const pending = page.getByTestId('navigation-pending');
    // the browser stays on this page: a listener on window runs after the page's own (on document) and cancels
    // the navigation, so what a slow network would show stays on screen
    await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
    const main = page.getByRole('navigation', { name: nav.mainNav });
    await main.getByRole('link', { name: nav.gallery }).click();
    await expect(pending).toHaveText(states.galleryLoading);
    await main.getByRole('link', { name: nav.home }).click();
    await expect(pending).toHaveText(states.homeBannerLoading);
    // a link to this same page, or opened in a new tab, leaves nothing loading here
    await main.getByRole('link', { name: nav.about }).click();
    await expect(pending).toHaveCount(0);
    await main.getByRole('link', { name: nav.contact }).click({ modifiers: ['Control'] });
    await expect(pending).toHaveCount(0);
  });

  test('watermark shows at the top right and hides when it fails to load', async ({ page }) => {
    await page.goto('/');
    const mark = page.getByTestId('watermark');
    await expect(mark).toBeVisible();
    expect(await mark.evaluate((img: HTMLImageElement) => getComputedStyle(img).position)).toBe('fixed');
    await page.route('**/watermark-*.webp', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/about');
    await expect(page.getByTestId('watermark')).toHaveCount(0);
  });

  test('no public header or footer on /admin paths', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('link', { name: nav.logoLabel(demo.companyName) })).toHaveCount(0);
    await expect(page.getByText(footer.copyright(demo.companyName))).toHaveCount(0);
  });
});

test.describe('routing, SEO and bundles', () => {
  test('unknown paths answer with an HTTP redirect to /; /projects/Interior goes to the Interior filter', async ({ request, page }) => {
    const unknown = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(unknown.status()).toBe(302);
    expect(unknown.headers().location).toBe('/');
    await page.goto('/projects/Interior');
    await expect(page).toHaveURL(/\/project\/exterior\?category=interior$/);
  });

  test('robots.txt and sitemap.xml are real', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    for (const path of PUBLIC_PAGES) expect(xml).toContain(`${path}</loc>`);
    expect(xml).not.toContain('/admin');
  });

  test('every page has its own title, description, canonical and Open Graph tags, and one h1', async ({ page }) => {
    const titles = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const title = await page.title();
      titles.add(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{30,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^http.*${path === '/' ? '/$' : path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /^http/);
      await expect(page.locator('h1')).toHaveCount(1);
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
  });

  test('no admin code is loaded on public pages', async ({ page, request }) => {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.add(response.url());
    });
    for (const path of PUBLIC_PAGES) await page.goto(path, { waitUntil: 'networkidle' });
    expect(scripts.size).toBeGreaterThan(0);
    for (const url of scripts) {
      const source = await (await request.get(url)).text();
      expect(source, url).not.toContain('/api/admins/login');
      expect(source, url).not.toContain('Bearer ');
    }
  });

  test('public pages fetch their scripts only once the page has loaded, then hydrate; admin pages preload theirs', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/gallery')).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(await (await request.get('/admin/login')).text()).toContain('rel="modulepreload"');

    await page.goto('/gallery');
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        loadEventStart: navigation.loadEventStart,
        firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThanOrEqual(3); // the entry, the shared parts and the page
    expect(timing.firstScriptStart).toBeGreaterThanOrEqual(timing.loadEventStart);
    // hydrated: the filter chips (buttons, not links) now work
    await page.getByRole('button', { name: 'Wooden Carving', exact: true }).click();
    await expect(page).toHaveURL(/\?category=wooden-carving$/);
  });

  test('every public page, in every language, carries at most 90 KiB of compressed JavaScript, none of it React Router', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000); // 18 pages, each in a fresh browser context
    // and the project form (issue 26), in no menu or sitemap; each page in each language (issue 28: a language's copy is its pages' only)
    const paths = [...PUBLIC_PAGES, await firstProjectEnquiryPath(request)];
    for (const path of LANGUAGES.flatMap(({ code }) => paths.map((own) => localizedPath(own, code)))) {
      // a fresh context per page: nothing comes from the previous page's cache
      const context = await browser.newContext({ baseURL: SERVERS.demo });
      const page = await context.newPage();
      const sizes = new Map<string, number>();
      page.on('requestfinished', async (request) => {
        if (!new URL(request.url()).pathname.endsWith('.js')) return;
        // as transferred, headers included, as Lighthouse counts it (npm run audit:pages)
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        sizes.set(request.url(), responseBodySize + responseHeadersSize);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const urls = [...sizes.keys()].map((url) => new URL(url).pathname);
      // the public entry and its chunks only (vite.public.config.ts): no entry.client, no route modules
      for (const url of urls) expect(url, path).toMatch(/^\/assets\/public\//);
      const kib = [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024;
      console.log(`${path}: ${kib.toFixed(1)} KiB of JavaScript in ${urls.length} files`);
      expect(kib, path).toBeGreaterThan(40); // React is there: the page hydrated
      expect(kib, path).toBeLessThanOrEqual(90);
      await context.close();
    }
  });

  test("without JavaScript the server HTML carries every page's text and images", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Top Projects')).toBeVisible();
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /-320\.avif 320w/);
    await page.goto('/gallery');
    await expect(page.getByTestId('gallery-item').first()).toBeVisible();
    await page.goto('/project/exterior');
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    await context.close();
  });
});
