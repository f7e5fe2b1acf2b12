/** The public pages, for the sitemap, the page audit and the tests. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/client',
  '/gallery',
  '/project/exterior',
  '/interior',
  '/project/interior',
  '/contact',
] as const;
