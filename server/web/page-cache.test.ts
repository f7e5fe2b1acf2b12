// engine-independent: the page cache in memory; no database
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BURST_WINDOW_MS, ContentVersion } from '../resources/content-version';
import {
  BURST_RENDER_INTERVAL_MS,
  burstRenderInterval,
  HOT_PAGE_HITS,
  MAX_BURST_RENDER_INTERVAL_MS,
  PageCache,
  type RenderedPage,
} from './page-cache';

const html = `<!DOCTYPE html><html><body>${'<p>Some page text that compresses well.</p>'.repeat(100)}</body></html>`;
const rendered = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(html),
  shareable: true,
  ...overrides,
});

describe('page cache', () => {
  afterEach(() => vi.useRealTimers());

  it('during a burst of changes renders a page visitors are reading at most once a second; a page nobody reads, or any page after the burst, at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const version = new ContentVersion();
    const cache = new PageCache(version);
    let renders = 0;
    const render = async () => (renders++, rendered({ body: Buffer.from(`${html}<!-- ${renders} -->`) }));
    const read = (times: number) => {
      for (let i = 0; i < times; i++) expect(cache.get('/')).not.toBeNull();
    };
    const burst = () => {
      for (let change = 0; change < 4; change++) {
        vi.advanceTimersByTime(5);
        version.bump();
      }
      expect(version.inBurst()).toBe(true);
    };
    const first = await cache.getOrRender('/', render);

    // a burst, but the page was not read since its render (a test, staff reading their edit): shown at once
    burst();
    const second = await cache.getOrRender('/', render);
    expect(second).not.toBe(first);
    expect(renders).toBe(2);

    // read by visitors, then a burst within the second: served as it was, not rendered again
    read(HOT_PAGE_HITS);
    burst();
    expect(await cache.getOrRender('/', render)).toBe(second);
    expect(renders).toBe(2);
    expect(cache.deferred).toBe(1);

    // a second after its render, rendered again though the burst goes on
    vi.advanceTimersByTime(BURST_RENDER_INTERVAL_MS);
    burst();
    const third = await cache.getOrRender('/', render);
    expect(third).not.toBe(second);
    expect(renders).toBe(3);

    // read again, and the burst over (no change within the burst window): a change shows at once
    read(HOT_PAGE_HITS);
    vi.advanceTimersByTime(BURST_WINDOW_MS);
    version.bump();
    expect(version.inBurst()).toBe(false);
    expect(await cache.getOrRender('/', render)).not.toBe(third);
    expect(renders).toBe(4);
  });

  it('counts changes at the pace eight uploaders make on a small machine (one every 400 ms; 3.4 a second on average, unevenly) as a burst: the page is rendered once a second, not after each', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const version = new ContentVersion();
    const cache = new PageCache(version);
    let renders = 0;
    const render = async () => (renders++, rendered({ body: Buffer.from(`${html}<!-- ${renders} -->`) }));
    await cache.getOrRender('/', render);
    // five seconds of saves 400 ms apart, the page read by visitors between them
    for (let change = 0; change < 13; change++) {
      vi.advanceTimersByTime(400);
      version.bump();
      for (let i = 0; i < HOT_PAGE_HITS; i++) await cache.getOrRender('/', render);
    }
    // at most one render per BURST_RENDER_INTERVAL_MS (and the first changes, before a burst is seen)
    expect(renders).toBeLessThanOrEqual(1 + 3 + Math.ceil((13 * 400) / BURST_RENDER_INTERVAL_MS));
    expect(cache.deferred).toBeGreaterThan(0);
  });

  it('puts a hot page off during a burst for a hundred times its last render, between 1 s and 10 s', async () => {
    expect([0, 5, 40, 99, 500].map(burstRenderInterval)).toEqual([1000, 1000, 4000, 9900, 10_000]);
    expect(burstRenderInterval(60_000)).toBe(MAX_BURST_RENDER_INTERVAL_MS);

    vi.useFakeTimers({ toFake: ['Date'] });
    const version = new ContentVersion();
    const cache = new PageCache(version);
    let renders = 0;
    // a render that takes 40 ms (a slow machine's home page): renders of it during a burst come 4 s apart
    const render = async () => (vi.advanceTimersByTime(40), renders++, rendered({ body: Buffer.from(`${html}<!-- ${renders} -->`) }));
    const burst = () => {
      for (let change = 0; change < 4; change++) {
        vi.advanceTimersByTime(5);
        version.bump();
      }
    };
    const first = await cache.getOrRender('/', render);
    for (let i = 0; i < HOT_PAGE_HITS; i++) expect(cache.get('/')).toBe(first);
    burst();
    expect(await cache.getOrRender('/', render)).toBe(first);
    // a second later, where a 0 ms render would be rendered again, still put off
    vi.advanceTimersByTime(BURST_RENDER_INTERVAL_MS);
    burst();
    expect(await cache.getOrRender('/', render)).toBe(first);
    expect(renders).toBe(1);
    // four seconds after the render began: rendered again
    vi.advanceTimersByTime(4000 - 40 - 2 * 20 - BURST_RENDER_INTERVAL_MS);
    burst();
    expect(await cache.getOrRender('/', render)).not.toBe(first);
    expect(renders).toBe(2);
  });

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

  it('ready gives what a request gets without waiting (what is answered before the router), and null when it must render', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const version = new ContentVersion();
    const cache = new PageCache(version);
    expect(cache.ready('/')).toBeNull();
    const before = await cache.getOrRender('/', async () => rendered({ body: Buffer.from('before') }));
    expect(cache.ready('/')).toBe(before);

    // changed, read by nobody since: the next request renders it, and a null lookup counts nothing
    version.bump();
    const hits = cache.hits;
    expect(cache.ready('/')).toBeNull();
    expect(cache.hits).toBe(hits);

    // while it is rendered again, the previous page
    let finish: () => void = () => {};
    const rendering = cache.getOrRender(
      '/',
      () => new Promise((resolve) => (finish = () => resolve(rendered({ body: Buffer.from('after') })))),
    );
    expect(cache.ready('/')).toBe(before);
    finish();
    const after = await rendering;
    expect(cache.ready('/')).toBe(after);

    // read by visitors, then a burst of changes within the second: the page as it was, its render put off
    for (let i = 0; i < HOT_PAGE_HITS; i++) cache.ready('/');
    for (let change = 0; change < 4; change++) {
      vi.advanceTimersByTime(5);
      version.bump();
    }
    const deferred = cache.deferred;
    expect(cache.ready('/')).toBe(after);
    expect(cache.deferred).toBe(deferred + 1);

    // a second after its render: rendered again, so not ready
    vi.advanceTimersByTime(BURST_RENDER_INTERVAL_MS);
    version.bump();
    expect(cache.ready('/')).toBeNull();
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
    expect(PageCache.key('/gallery', '?page=3&utm_source=x&category=interior')).toBe('/gallery?category=interior&page=3');
  });

  it('keeps only the parameters a page reads: other pages cannot be multiplied by a query', () => {
    for (const query of ['?category=a', '?page=2', '?status=x&sent=1'])
      for (const path of ['/', '/about', '/client', '/interior']) expect(PageCache.key(path, query)).toBe(path);
    expect(PageCache.key('/project/exterior', '?page=2&sent=1')).toBe('/project/exterior');
    expect(PageCache.key('/contact', '?category=a&page=2')).toBe('/contact');
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
