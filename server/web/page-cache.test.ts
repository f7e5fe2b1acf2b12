import { describe, expect, it } from 'vitest';
import { ContentVersion } from '../resources/content-version';
import { NONCE_PLACEHOLDER, PageCache } from './page-cache';

const body = `<script nonce="${NONCE_PLACEHOLDER}">x</script>`;
const page = () => new Response(body, { headers: { 'content-type': 'text/html' } });

describe('page cache', () => {
  it('serves a stored page with the reply nonce until content changes', async () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    cache.store('/', version.current, page(), body);
    expect(await cache.get('/', 'BBB')!.text()).toBe('<script nonce="BBB">x</script>');
    expect(cache.get('/?category=interior', 'BBB')).toBeNull();
    version.bump();
    expect(cache.get('/', 'CCC')).toBeNull();
  });

  it('does not keep a page rendered before a write that happened during the render', () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    const renderedAt = version.current;
    version.bump();
    cache.store('/', renderedAt, page(), body);
    expect(cache.get('/', 'BBB')).toBeNull();
  });

  it('caches the public site only', () => {
    const cacheable = (path: string) => PageCache.isCacheable(new URL(path, 'http://x'));
    expect(['/', '/gallery?category=interior', '/about.data'].map(cacheable)).toEqual([true, true, true]);
    expect(['/admin/dashboard', '/login', '/adminhome/propetopprojectsrty', '/api/banners'].map(cacheable)).toEqual([false, false, false, false]);
  });

  it('holds a bounded number of pages', () => {
    const version = new ContentVersion();
    const cache = new PageCache(version);
    for (let i = 0; i < 310; i++) cache.store(`/p${i}`, 0, page(), body);
    expect(cache.get('/p0', 'n')).toBeNull();
    expect(cache.get('/p309', 'n')).not.toBeNull();
  });
});
