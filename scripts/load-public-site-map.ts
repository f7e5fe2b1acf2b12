/**
 * The public pages' site map (web/lib/public-site-map.ts) for code that runs outside Vite: the public
 * browser build, the browser tests and the page audit. The pages are found by Vite's import.meta.glob,
 * so they are loaded through Vite's module runner, as the server build sees them.
 */
import { runnerImport } from 'vite';
import type { SiteMapEntry } from '../web/lib/public-site-map';

export async function loadPublicSiteMap(): Promise<readonly SiteMapEntry[]> {
  const { module } = await runnerImport<typeof import('../web/lib/public-site-map')>('./web/lib/public-site-map.ts', {
    configFile: false,
    logLevel: 'error',
  });
  return module.PUBLIC_SITE_MAP;
}
