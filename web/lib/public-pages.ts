/** The public pages, for the sitemap, the page audit and the tests. */
import type { ResourceKey } from '../../shared/resources';

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

/** The content each page shows (besides the Site settings every page shows): its lastmod in the sitemap. */
export const PAGE_SOURCES: Record<(typeof PUBLIC_PAGES)[number], { resources: readonly ResourceKey[]; about?: true }> = {
  '/': { resources: ['banners', 'property', 'topprojects', 'clients'] },
  '/about': { resources: ['bannerAbout', 'team-members', 'communityAbout'], about: true },
  '/client': { resources: ['clients'] },
  '/gallery': { resources: ['gallery'] },
  '/project/exterior': { resources: ['project'] },
  '/interior': { resources: ['Interiorbanner', 'solution', 'experience', 'interiorportfolio'] },
  '/project/interior': { resources: ['project'] },
  '/contact': { resources: [] },
};
