/**
 * Fills an empty gallery with many items, to see the admin list's search, sort and pages at scale
 * (the browser tests' atScale server has 2,000):
 *   DATA_DIR=… npx tsx scripts/seed-gallery-items.ts 2000      (or with DATABASE_URL; the server must be stopped on PGlite) One item is made through the content service
 * (a real stored image); the rest are written to the table in bulk and share its images, since a
 * write through the API costs about 150 ms each on the embedded database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_GALLERY_CATEGORIES } from '../shared/resource-options';
import { resources } from '../shared/resources';
import { tableOf } from '../server/db/resource-tables';
import { contentWrite } from '../server/resources/image-field-schemas';
import { readEnv } from '../server/env';
import type { Services } from '../server/services';
import { startServices } from '../server/start';

/** Rows per INSERT: well under PostgreSQL's limit of bind parameters. */
const CHUNK = 500;
const ROOMS = ['Kitchen', 'Lobby', 'Villa', 'Terrace', 'Study'] as const;

/** The title of the n-th item (1-based): a room and the number, so searches and sorts have something to find. */
const testGalleryTitle = (n: number) => `${ROOMS[n % ROOMS.length]} ${n}`;

/** Adds `count` gallery items when the gallery is empty; returns how many were added. */
async function seedGalleryItems(services: Services, count: number): Promise<number> {
  if ((await services.content.reads.count('gallery')) > 0) return 0;
  const tmpDir = path.join(services.env.dataDir, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `test-gallery-${crypto.randomUUID()}.png`);
  const info = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#b7794a' } })
    .png()
    .toFile(file);
  const first = await services.content.writes.create(
    'gallery',
    contentWrite({
      fields: { title: testGalleryTitle(1), category: DEFAULT_GALLERY_CATEGORIES[1], description: JSON.stringify(['']) },
      files: [{ field: 'images', path: file, bytes: info.size }],
    }),
  );
  const table = tableOf(resources.gallery);
  const started = Date.now();
  const rows = Array.from({ length: count - 1 }, (_, index) => {
    const n = index + 2;
    // older than the first, one second apart: the list's newest-first order is 1, 2, 3, …
    const at = new Date(started - n * 1000);
    return {
      id: crypto.randomUUID(),
      title: testGalleryTitle(n),
      category: DEFAULT_GALLERY_CATEGORIES[n % DEFAULT_GALLERY_CATEGORIES.length],
      images: first.images,
      createdAt: at,
      updatedAt: at,
    };
  });
  await services.database.db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += CHUNK) await tx.insert(table).values(rows.slice(start, start + CHUNK));
  });
  services.content.reads.forgetCached('gallery');
  return count;
}

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1 || count > 100_000) {
  console.error('Usage: npx tsx scripts/seed-gallery-items.ts <count, 1 to 100,000>');
  process.exit(2);
}
const services = await startServices(readEnv());
try {
  const added = await seedGalleryItems(services, count);
  console.log(added ? `${added} gallery items added.` : 'The gallery is not empty: nothing added.');
} finally {
  await services.database.close();
}
