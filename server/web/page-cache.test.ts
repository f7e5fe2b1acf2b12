import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ContentVersion } from '../resources/content-version';
import { PageCache, type RenderedPage } from './page-cache';

const html = `<!DOCTYPE html><html><body>${'<p>Some page text that compresses well.</p>'.repeat(100)}</body></html>`;
const rendered = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(html),
  shareable: true,
  ...overrides,
});

describe('page cache', () => {
  it('prepares a page once: gzip and br of the same bytes, an ETag, Vary', async () => {
    const cache = new PageCache(new ContentVersion());
    let renders = 0;
    const render = async () => (renders++, rendered());
    const page = await cache.getOrRender('/', render);
    expect(zlib.gunzipSync(page.gzip!).toString()).toBe(html);
    expect(zlib.brotliDecompressSync(page.br!).toString()).toBe(html);
    expect(page.identity.toString()).toBe(html);
    expect(page.etag).toMatch(/^".+"$/);
    expect(page.headers).toMatchObject({ etag: page.etag, vary: 'Accept-Encoding', 'content-type': 'text/html; charset=utf-8' });
    expect(await cache.getOrRender('/', render)).toBe(page);
    expect(renders).toBe(1);
  });

  it('renders once for concurrent misses of one page', async () => {
    const cache = new PageCache(new ContentVersion());
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return rendered();
    };
    const pages = await Promise.all([1, 2, 3, 4].map(() => cache.getOrRender('/about', render)));
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  it('serves a page until content changes, and keeps none rendered across a write', async () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    await cache.getOrRender('/', async () => rendered());
    expect(cache.get('/')).not.toBeNull();
    version.bump();
    expect(cache.get('/')).toBeNull();
    await cache.getOrRender('/', async () => {
      version.bump(); // a write lands while the page renders
      return rendered();
    });
    expect(cache.get('/')).toBeNull();
  });

  it('after a change, the request that renders waits for the new page; those arriving meanwhile get the previous one', async () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    const before = await cache.getOrRender('/', async () => rendered({ body: Buffer.from('before') }));
    version.bump();
    let finish: () => void = () => {};
    const rendering = cache.getOrRender(
      '/',
      () => new Promise((resolve) => (finish = () => resolve(rendered({ body: Buffer.from('after') })))),
    );
    expect(await cache.getOrRender('/', async () => rendered({ body: Buffer.from('unused') }))).toBe(before);
    finish();
    expect((await rendering).identity.toString()).toBe('after');
    expect((await cache.getOrRender('/', async () => rendered({ body: Buffer.from('unused') }))).identity.toString()).toBe('after');
  });

  it('a page whose new render is not kept (its record is gone) is not served as the previous one either', async () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    await cache.getOrRender('/project/x', async () => rendered({ body: Buffer.from('the project') }));
    version.bump();
    await cache.getOrRender('/project/x', async () => rendered({ status: 404, body: Buffer.from('not found') }));
    let finish: () => void = () => {};
    const rendering = cache.getOrRender(
      '/project/x',
      () => new Promise((resolve) => (finish = () => resolve(rendered({ status: 404, body: Buffer.from('not found') })))),
    );
    const meanwhile = cache.getOrRender('/project/x', async () => rendered());
    finish();
    expect((await meanwhile).identity.toString()).toBe('not found');
    await rendering;
  });

  it('keeps no error state, no error status and nothing unshareable', async () => {
    const cache = new PageCache(new ContentVersion());
    const failed = await cache.getOrRender('/', async () => rendered({ shareable: false }));
    expect(failed.identity.toString()).toBe(html);
    expect([failed.gzip, failed.br]).toEqual([null, null]);
    expect(cache.get('/')).toBeNull();
    await cache.getOrRender('/nothing', async () => rendered({ status: 404 }));
    expect(cache.get('/nothing')).toBeNull();
  });

  it('leaves small or binary bodies unencoded', async () => {
    const cache = new PageCache(new ContentVersion());
    const small = await cache.getOrRender('/robots.txt', async () =>
      rendered({ headers: { 'content-type': 'text/plain' }, body: Buffer.from('User-agent: *') }),
    );
    expect([small.gzip, small.br, small.headers.vary]).toEqual([null, null, undefined]);
  });

  it('keys by path and the query parameters pages read, in one order', () => {
    expect(PageCache.key('/', '')).toBe('/');
    expect(PageCache.key('/', '?utm_source=x&fbclid=abc')).toBe('/');
    expect(PageCache.key('/gallery', '?utm_source=x&category=interior')).toBe('/gallery?category=interior');
    expect(PageCache.key('/project/exterior', '?status=ongoing&gclid=1&category=villa')).toBe(
      '/project/exterior?category=villa&status=ongoing',
    );
    expect(PageCache.key('/project/exterior', '?category=villa&status=ongoing')).toBe('/project/exterior?category=villa&status=ongoing');
    expect(PageCache.key('/contact', '?sent=1&ref=mail')).toBe('/contact?sent=1');
    expect(PageCache.key('/gallery.data', '?category=a&_routes=routes%2Fpublic%2Fgallery')).toBe(
      '/gallery.data?_routes=routes%2Fpublic%2Fgallery&category=a',
    );
    expect(PageCache.key('/__manifest', '?paths=%2Fabout&version=abc')).toBe('/__manifest?paths=%2Fabout&version=abc');
  });

  it('caches the public site only', () => {
    expect(['/', '/gallery', '/about.data'].map(PageCache.isCacheable)).toEqual([true, true, true]);
    expect(['/admin/dashboard', '/login', '/adminhome/propetopprojectsrty', '/api/banners'].map(PageCache.isCacheable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('holds a bounded number of pages and bytes, dropping the least recently used', async () => {
    const cache = new PageCache(new ContentVersion(), { maxPages: 3, maxBytes: 1024 * 1024 });
    for (const key of ['/a', '/b', '/c']) await cache.getOrRender(key, async () => rendered());
    cache.get('/a');
    await cache.getOrRender('/d', async () => rendered());
    expect(['/a', '/b', '/c', '/d'].map((key) => cache.get(key) !== null)).toEqual([true, false, true, true]);

    const pageBytes = (await cache.getOrRender('/x', async () => rendered())).identity.length;
    const small = new PageCache(new ContentVersion(), { maxPages: 100, maxBytes: pageBytes * 2 + 100 });
    for (const key of ['/a', '/b', '/c']) await small.getOrRender(key, async () => rendered({ headers: {} }));
    expect(small.size).toBe(2);
    expect(small.get('/a')).toBeNull();
  });

  it('counts hits and misses for metrics: a render is a miss, a stale page renders again', async () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    const render = async () => rendered();
    await cache.getOrRender('/', render);
    await cache.getOrRender('/', render);
    await Promise.all([cache.getOrRender('/about', render), cache.getOrRender('/about', render)]);
    expect({ hits: cache.hits, misses: cache.renders }).toEqual({ hits: 2, misses: 2 });
    version.bump();
    await cache.getOrRender('/', render);
    expect({ hits: cache.hits, misses: cache.renders }).toEqual({ hits: 2, misses: 3 });
  });
});
