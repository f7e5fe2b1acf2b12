// engine-independent: a server-paged list's view in its query (the inbox's, the media library's use it); no database
import { describe, expect, it } from 'vitest';
import { boardParams, viewOf, viewParams } from './inbox-view';
import { choiceOf, queryReader, viewQuery } from './list-query';

describe('a server-paged list’s query', () => {
  it('reads the search trimmed, a choice or its fallback, and a whole page of 2 or more', () => {
    const read = queryReader(new URLSearchParams('q=%20oak%20&kind=b&owner=%20x&page=3'));
    expect(read.q).toBe('oak');
    expect(read.text('owner')).toBe(' x');
    expect(read.text('absent')).toBe('');
    expect(read.choice('kind', ['a', 'b'], 'a')).toBe('b');
    expect(read.choice('other', ['a', 'b'], '')).toBe('');
    expect(read.page).toBe(3);
    for (const page of ['', '1', '0', '-2', '2.5', 'two']) expect(queryReader(new URLSearchParams({ page })).page).toBe(1);
    expect(choiceOf(['a', 'b'], 'c', 'a')).toBe('a');
  });

  it('writes every value in the view’s order but blanks, the first page and the fallbacks', () => {
    expect(`${viewQuery({ q: '', kind: 'a', page: 1 }, { kind: 'a' })}`).toBe('');
    expect(`${viewQuery({ q: 'teak door', kind: 'b', page: 2 }, { kind: 'a' })}`).toBe('q=teak+door&kind=b&page=2');
  });
});

describe('the inbox’s view', () => {
  const view = { q: 'asha', status: 'New', stage: 'Site visit', owner: 'none', source: 'home', project: 'p1', page: 2 } as const;

  it('reads back what it writes, and anything unknown as every message on page 1', () => {
    expect(`${viewParams(view)}`).toBe('q=asha&status=New&stage=Site+visit&owner=none&source=home&project=p1&page=2');
    expect(viewOf(viewParams(view))).toEqual(view);
    expect(viewOf(new URLSearchParams('status=Lost&stage=Nowhere&page=x'))).toEqual({
      q: '',
      status: '',
      stage: '',
      owner: '',
      source: '',
      project: '',
      page: 1,
    });
  });

  it('gives the board its filters without the search, status, stage and page', () => {
    expect(`${boardParams(view)}`).toBe('owner=none&source=home&project=p1');
  });
});
