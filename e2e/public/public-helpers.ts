/** Helpers for the public site's browser tests. */
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, SERVERS } from '../fixtures/servers';

/** Records of a resource as the API lists them (counts change as the admin tests add and delete). */
export async function apiList<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(`${SERVERS.demo}/api/${path}`);
  const body = (await response.json()) as T[] | { data?: T[]; banners?: T[] };
  return Array.isArray(body) ? body : (body.data ?? body.banners ?? []);
}

/** An admin token for the API (the e2e admin of fixtures/servers.ts). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${SERVERS.demo}/api/admins/login`, { data: E2E_ADMIN });
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Scrolls through the page so lazy images load (for screenshots). */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
}
