// engine-independent: the media library's view and card logic; no database
import { describe, expect, it } from 'vitest';
import { RESOURCE_KEYS } from '../../../shared/resources';
import { mediaListPath, mediaViewOf, mediaViewParams, mediaWhereChoices, renditionOf, tagsOf, withTag } from './media-view';

describe('the media library view', () => {
  it('reads the query, falling back to every image, newest first, page 1', () => {
    expect(mediaViewOf(new URLSearchParams(''))).toEqual({ q: '', used: 'all', where: '', sort: 'newest', page: 1 });
    expect(mediaViewOf(new URLSearchParams('q=%20oak%20&used=unused&where=gallery&sort=size&page=3'))).toEqual({
      q: 'oak',
      used: 'unused',
      where: 'gallery',
      sort: 'size',
      page: 3,
    });
    expect(mediaViewOf(new URLSearchParams('used=some&where=kitchen&sort=colour&page=-2'))).toEqual({
      q: '',
      used: 'all',
      where: '',
      sort: 'newest',
      page: 1,
    });
    expect(mediaViewOf(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the first choices, and reads back the same view', () => {
    expect(`${mediaViewParams({ q: '', used: 'all', where: '', sort: 'newest', page: 1 })}`).toBe('');
    const view = { q: 'teak door', used: 'used', where: 'site-settings', sort: 'name', page: 2 } as const;
    expect(`${mediaViewParams(view)}`).toBe('q=teak+door&used=used&where=site-settings&sort=name&page=2');
    expect(mediaViewOf(mediaViewParams(view))).toEqual(view);
  });

  it('asks the API for 48 images a page, with the view’s search, filters and sort', () => {
    expect(mediaListPath({ q: '', used: 'all', where: '', sort: 'newest', page: 1 })).toBe(
      '/media?used=all&sort=newest&page=1&pageSize=48',
    );
    expect(mediaListPath({ q: 'oak', used: 'unused', where: 'banners', sort: 'oldest', page: 4 })).toBe(
      '/media?q=oak&used=unused&where=banners&sort=oldest&page=4&pageSize=48',
    );
  });

  it('offers every resource by its sidebar name in the sidebar’s order, then About and Site settings', () => {
    const keys = mediaWhereChoices.map(([key]) => key);
    expect([...keys].sort()).toEqual([...RESOURCE_KEYS, 'about', 'site-settings'].sort());
    expect(mediaWhereChoices.slice(0, 2)).toEqual([
      ['banners', 'Home: Banners'],
      ['property', 'Home: Properties'],
    ]);
    expect(mediaWhereChoices).toContainEqual(['gallery', 'Gallery']);
    expect(mediaWhereChoices.slice(-2)).toEqual([
      ['about', 'About'],
      ['site-settings', 'Site settings'],
    ]);
  });
});

describe('renditionOf', () => {
  it('picks the smallest WebP rendition, or the smallest at least as wide as asked', () => {
    expect(renditionOf('/uploads/abc-1_2400x1600.webp')).toBe('/uploads/abc-1_2400x1600-320.webp');
    expect(renditionOf('/uploads/abc-1_2400x1600.webp', 600)).toBe('/uploads/abc-1_2400x1600-640.webp');
    // an image narrower than every rendition width is its stored file
    expect(renditionOf('/uploads/small_200x100.webp')).toBe('/uploads/small_200x100.webp');
    expect(renditionOf('/uploads/mid_700x500.webp', 960)).toBe('/uploads/mid_700x500.webp');
    expect(renditionOf('/placeholder.svg')).toBe('/placeholder.svg');
  });
});

describe('tags', () => {
  it('are typed with commas: trimmed, none empty, none twice in any case', () => {
    expect(tagsOf(' oak, teak ,, Oak,door ')).toEqual(['oak', 'teak', 'door']);
    expect(tagsOf('  ')).toEqual([]);
    expect(withTag(['oak'], 'Kitchen')).toEqual(['oak', 'Kitchen']);
    expect(withTag(['oak'], 'OAK')).toEqual(['oak']);
  });
});
