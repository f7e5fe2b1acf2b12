/** Helpers for the public site's browser tests. */
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, SERVERS } from '../fixtures/servers';
import { projectEnquiryHref } from '../../shared/project-enquiry-path';

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

/** Loads every lazy image now (for full-page screenshots) and waits for them. */
export async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    const settled = (img: HTMLImageElement) =>
      new Promise<void>((resolve) => {
        if (img.complete) return resolve();
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      });
    for (const img of images) img.loading = 'eager';
    await Promise.race([Promise.all(images.map(settled)), new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

/** The project form's address for the first project the site lists (issue 26): the form is one page per project. */
export async function firstProjectEnquiryPath(request: APIRequestContext): Promise<string> {
  const [project] = await apiList<{ _id: string }>(request, 'project');
  return projectEnquiryHref(project._id);
}
