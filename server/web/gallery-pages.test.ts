/**
 * The public gallery in pages (issue 22): a first page of cards with a Load more link, `?page=` for as far as
 * the visitor got, one URL per view; any other `category` or `page` value is a redirect to its view, never
 * a 500 and never a page-cache entry. Needs the built front end (`npm run build`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gallery as copy } from '../../shared/copy/public';
import { DEFAULT_GALLERY_CATEGORIES, GALLERY_PAGE_SIZE } from '../../shared/resource-options';
import { resources } from '../../shared/resources';
import { buildApp } from '../app';
import { tableOf } from '../db/resource-tables';
import { contentWrite } from '../resources/image-field-schemas';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeImage } from '../test/test-images';

const ITEMS = 60;

/** The cards and the page's props of a rendered gallery page. */
function readPage(html: string) {
  const block = /<script type="application\/json" id="public-page">([\s\S]*?)<\/script>/.exec(html);
  const data = JSON.parse(block![1]) as { props: { items: { ok: boolean; data: { title: string }[] }; pages: number; total: number } };
  const more = /<a href="([^"]*)"[^>]*>Load more<\/a>/.exec(html);
  return {
    cards: html.match(/data-testid="gallery-item"/g)?.length ?? 0,
    props: data.props,
    loadMore: more?.[1].replace(/&amp;/g, '&') ?? null,
  };
}

describe('the public gallery in pages', () => {
  let t: TestApp;
  let web: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    const file = path.join(t.env.dataDir, 'tmp', `gallery-${crypto.randomUUID()}.jpg`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const image = await makeImage('jpeg', 160, 120);
    await fs.writeFile(file, image);
    const first = await t.services.content.writes.create(
      'gallery',
      contentWrite({
        fields: { title: 'Item 1', category: DEFAULT_GALLERY_CATEGORIES[1], description: JSON.stringify(['']) },
        files: [{ field: 'images', path: file, bytes: image.length }],
      }),
    );
    // the rest share its image, written in one go (as scripts/seed-gallery-items.ts does)
    const started = Date.now();
    const rows = Array.from({ length: ITEMS - 1 }, (_, index) => {
      const at = new Date(started - (index + 2) * 1000);
      const category = DEFAULT_GALLERY_CATEGORIES[(index + 2) % DEFAULT_GALLERY_CATEGORIES.length];
      return { id: crypto.randomUUID(), title: `Item ${index + 2}`, category, images: first.images, createdAt: at, updatedAt: at };
    });
    await t.services.database.db.insert(tableOf(resources.gallery)).values(rows);
    t.services.content.reads.forgetCached('gallery');
    web = await buildApp({ services: t.services, web: 'production' });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  it('renders the first page of cards with a Load more link that works without JavaScript', async () => {
    const reply = await web.inject('/gallery');
    expect(reply.statusCode).toBe(200);
    const page = readPage(reply.body);
    expect(page.cards).toBe(GALLERY_PAGE_SIZE);
    expect(page.props.items.data).toHaveLength(GALLERY_PAGE_SIZE);
    expect([page.props.pages, page.props.total]).toEqual([1, ITEMS]);
    expect(reply.body).toContain(copy.showing(GALLERY_PAGE_SIZE, ITEMS));
    expect(page.loadMore).toBe(`/gallery?page=2#gallery-item-${GALLERY_PAGE_SIZE + 1}`);

    // ?page=N shows the first N pages: a reload or a shared link shows as far as the visitor got
    const second = readPage((await web.inject('/gallery?page=2')).body);
    expect(second.cards).toBe(2 * GALLERY_PAGE_SIZE);
    expect(second.props.items.data.slice(0, GALLERY_PAGE_SIZE)).toEqual(page.props.items.data);
    expect(reply.body).toContain(`id="gallery-item-1"`);
    const last = readPage((await web.inject('/gallery?page=3')).body);
    expect(last.cards).toBe(ITEMS);
    expect(last.loadMore).toBeNull();
  });

  it('keeps the category in the Load more link', async () => {
    const interior = (await t.services.content.reads.list('gallery')).records.filter((item) => item.category === 'Interior');
    expect(interior.length).toBeGreaterThan(0);
    const page = readPage((await web.inject('/gallery?category=interior')).body);
    expect(page.cards).toBe(Math.min(GALLERY_PAGE_SIZE, interior.length));
    expect(page.props.total).toBe(interior.length);
    const many = (await t.services.content.reads.list('gallery')).records.length;
    expect(readPage((await web.inject('/gallery')).body).props.total).toBe(many);
    // with fewer than a page there is nothing more to load
    if (interior.length <= GALLERY_PAGE_SIZE) expect(page.loadMore).toBeNull();
    else expect(page.loadMore).toMatch(/^\/gallery\?category=interior&page=2#/);
  });

  it('sends any other spelling of a view to its URL (302, not cached), and never answers 500', async () => {
    const cache = web.pageCache!;
    // the good views, cached once
    for (const url of ['/gallery', '/gallery?page=2', '/gallery?page=3', '/gallery?category=wooden-carving']) {
      expect((await web.inject(url)).statusCode, url).toBe(200);
    }
    const size = cache.size;
    const cases: [string, string][] = [
      ['/gallery?page=1', '/gallery'],
      ['/gallery?page=0', '/gallery'],
      ['/gallery?page=-1', '/gallery'],
      ['/gallery?page=abc', '/gallery'],
      ['/gallery?page=02', '/gallery'],
      ['/gallery?page=1e1', '/gallery'],
      ['/gallery?page=2.5', '/gallery'],
      ['/gallery?page=', '/gallery'],
      ['/gallery?page=99', '/gallery?page=3'],
      ['/gallery?page=99999999999999999999', '/gallery'],
      ['/gallery?page=2&page=3', '/gallery?page=2'],
      ['/gallery?category=no-such-category', '/gallery'],
      ['/gallery?category=%3C%2Fscript%3E%3Cscript%3Ealert(1)', '/gallery'],
      [`/gallery?category=${'x'.repeat(5000)}&page=2`, '/gallery?page=2'],
      ['/gallery?category=WOODEN-CARVING', '/gallery?category=wooden-carving'],
      ['/gallery?category=Wooden%20Carving&page=1', '/gallery?category=wooden-carving'],
      ['/gallery?category=wooden-carving&category=interior', '/gallery?category=wooden-carving'],
      ['/gallery?category=', '/gallery'],
    ];
    for (const [url, location] of cases) {
      const reply = await web.inject(url);
      expect(reply.statusCode, url).toBe(302);
      expect(reply.headers.location, url).toBe(location);
    }
    expect(cache.size).toBe(size);
    // tracking parameters and other pages' parameters are the same view
    for (const url of ['/gallery?utm_source=x', '/gallery?status=ongoing&sent=1', '/gallery?page=2&fbclid=1']) {
      expect((await web.inject(url)).statusCode, url).toBe(200);
    }
    expect(cache.size).toBe(size);
  });
});
