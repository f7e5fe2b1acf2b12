// engine-independent: shared code; no database
import { describe, expect, it } from 'vitest';
import { languageAlternates, localizedHref, localizedPath, splitLanguage } from './languages';

describe('localizedPath and splitLanguage: how a path carries its language', () => {
  it('keeps English paths as they are and prefixes Kannada ones (/ is /kn)', () => {
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/gallery', 'en')).toBe('/gallery');
    expect(localizedPath('/', 'kn')).toBe('/kn');
    expect(localizedPath('/project/exterior', 'kn')).toBe('/kn/project/exterior');
  });

  it('splits a path into its language and the page’s own path', () => {
    expect(splitLanguage('/')).toEqual({ language: 'en', path: '/' });
    expect(splitLanguage('/gallery')).toEqual({ language: 'en', path: '/gallery' });
    expect(splitLanguage('/kn')).toEqual({ language: 'kn', path: '/' });
    expect(splitLanguage('/kn/')).toEqual({ language: 'kn', path: '/' });
    expect(splitLanguage('/kn/gallery')).toEqual({ language: 'kn', path: '/gallery' });
    expect(splitLanguage('/kn/project/exterior')).toEqual({ language: 'kn', path: '/project/exterior' });
  });

  it('needs the whole prefix as a segment: /kna and /knx/y are English paths; /kn//x keeps the empty segment', () => {
    expect(splitLanguage('/kna')).toEqual({ language: 'en', path: '/kna' });
    expect(splitLanguage('/knx/gallery')).toEqual({ language: 'en', path: '/knx/gallery' });
    expect(splitLanguage('/KN/gallery')).toEqual({ language: 'en', path: '/KN/gallery' });
    // no page has such a path: the router's unknown-path route sends it to /kn
    expect(splitLanguage('/kn//x')).toEqual({ language: 'kn', path: '//x' });
  });

  it('round-trips every page path through both languages', () => {
    for (const path of ['/', '/about', '/gallery', '/project/exterior', '/enquire'])
      for (const language of ['en', 'kn'] as const) expect(splitLanguage(localizedPath(path, language))).toEqual({ language, path });
  });
});

describe('localizedHref: links and redirects in a page’s language', () => {
  it('prefixes a site path and keeps its query and hash', () => {
    expect(localizedHref('/contact?sent=1', 'kn')).toBe('/kn/contact?sent=1');
    expect(localizedHref('/?x=1#top', 'kn')).toBe('/kn?x=1#top');
    expect(localizedHref('/gallery#grid', 'kn')).toBe('/kn/gallery#grid');
    expect(localizedHref('/contact?sent=1', 'en')).toBe('/contact?sent=1');
  });

  it('leaves alone a path already in a language, an absolute or protocol-relative URL, a fragment and mailto', () => {
    expect(localizedHref('/kn/gallery', 'kn')).toBe('/kn/gallery');
    expect(localizedHref('/kn', 'kn')).toBe('/kn');
    expect(localizedHref('https://wa.me/91', 'kn')).toBe('https://wa.me/91');
    expect(localizedHref('//evil.example/', 'kn')).toBe('//evil.example/');
    expect(localizedHref('#main', 'kn')).toBe('#main');
    expect(localizedHref('mailto:a@b.in', 'kn')).toBe('mailto:a@b.in');
  });
});

describe('languageAlternates', () => {
  it('gives every language’s address and x-default (English)', () => {
    expect(languageAlternates('https://x.in', '/')).toEqual([
      { hreflang: 'en', href: 'https://x.in/' },
      { hreflang: 'kn', href: 'https://x.in/kn' },
      { hreflang: 'x-default', href: 'https://x.in/' },
    ]);
    expect(languageAlternates('https://x.in', '/gallery').map(({ href }) => href)).toEqual([
      'https://x.in/gallery',
      'https://x.in/kn/gallery',
      'https://x.in/gallery',
    ]);
  });
});
