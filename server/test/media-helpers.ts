/** The media library in tests (docs/decisions/0048): an image's entry, and its removal there (which alone removes its files). */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { media } from '../db/schema';
import type { TestApp } from './test-app';

/** The library's entry of an image, in its Trash too; undefined when it has none. */
export async function libraryEntry(t: TestApp, url: string) {
  const [entry] = await t.services.database.db.select().from(media).where(eq(media.url, url));
  return entry;
}

/** Moves the library's entry of an unused image to its Trash and deletes it forever there: its files go. */
export async function deleteFromLibrary(t: TestApp, token: string, url: string): Promise<void> {
  const entry = await libraryEntry(t, url);
  expect(entry, url).toBeDefined();
  const headers = { authorization: `Bearer ${token}` };
  const trashed = await t.app.inject({ method: 'DELETE', url: `/api/media/${entry!.id}`, headers });
  expect(trashed.statusCode, trashed.body).toBe(200);
  const forever = await t.app.inject({ method: 'DELETE', url: `/api/trash/media/${entry!.id}`, headers });
  expect(forever.statusCode, forever.body).toBe(200);
}
