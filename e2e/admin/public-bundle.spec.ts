/** Visitors never download admin code or styles: no chunk named after an admin source file, nor the admin stylesheet, is requested by a public page. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/admin-login';

const namesIn = (...dirs: string[]) =>
  dirs.flatMap((dir) => {
    const full = path.join(process.cwd(), dir);
    return fs.existsSync(full) ? fs.readdirSync(full).map((file) => file.replace(/\.tsx?$/, '')) : [];
  });
const otherNames = new Set(
  namesIn('web/pages', 'web/routes/public', 'web/components/public', 'web/components/ui', 'web/lib', 'web/routes/seo'),
);
// admin file names that no public file shares, so a chunk of that name can only be admin code
const adminNames = new Set(namesIn('web/routes/admin', 'web/components/admin', 'web/lib/admin').filter((name) => !otherNames.has(name)));
const chunkName = (pathname: string) => (pathname.endsWith('.js') ? path.basename(pathname).replace(/-[\w-]{8}\.js$/, '') : null);
// web/styles/admin.css, which only the admin layouts import
const isAdminStylesheet = (pathname: string) => /\/assets\/admin-[\w-]{8}\.css$/.test(pathname);

test('public pages load no admin route chunk and no admin stylesheet', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));

  // admin screens do load chunks named this way (so the check below can see them)
  for (const to of ['/admin/login', '/admin/dashboard', '/admin/client']) {
    await page.goto(to);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(requests.filter((p) => adminNames.has(chunkName(p) ?? '')).length).toBeGreaterThan(5);
  expect(requests.filter(isAdminStylesheet).length).toBeGreaterThan(0);

  requests.length = 0;
  for (const to of ['/', '/about', '/client', '/gallery', '/project/exterior', '/interior', '/project/interior', '/contact']) {
    await page.goto(to, { waitUntil: 'load' });
  }
  expect(requests.filter((p) => p.endsWith('.js')).length).toBeGreaterThan(0);
  expect(requests.filter((p) => adminNames.has(chunkName(p) ?? ''))).toEqual([]);
  expect(requests.filter(isAdminStylesheet)).toEqual([]);
});
