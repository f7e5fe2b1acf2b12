// engine-independent: shared code; no database
/** The copy bundle as the list of its visible texts, for the browser test of a page in another language. */
import { describe, expect, it } from 'vitest';
import { copyStrings } from './copy-strings';
import { type PublicCopy } from './public-copy';
import { englishCopy } from './public-en';
import { contact, gallery, home, nav } from './public';

describe('copyStrings', () => {
  const strings = copyStrings(englishCopy);

  it('lists every group’s texts, nested lists and objects included, each once', () => {
    for (const text of [
      nav.home,
      nav.skipToContent,
      home.features[2].text,
      contact.errors.numberInvalid,
      englishCopy.projectEnquiry.times.evening,
    ])
      expect(strings).toContain(text);
    expect(strings).toContain(englishCopy.options.projectStatus.Ongoing);
    expect(new Set(strings).size).toBe(strings.length);
    expect(strings.every((text) => text.trim() !== '')).toBe(true);
  });

  it('calls the text functions with sample counts, so both forms of a plural are there', () => {
    expect(strings).toContain(gallery.photos(1));
    expect(strings).toContain(gallery.photos(7));
    expect(strings).toContain(gallery.showing(7, 7));
    // a function of a list (the contact page's hours) reads a count as no list at all
    expect(strings).toContain(contact.metaDescription('7', []));
  });

  it('leaves out identifiers that are never shown (anchors, link categories)', () => {
    expect(strings).not.toContain('privacy-policy');
    expect(strings).not.toContain(home.exploreButtons[1].category);
    expect(strings).toContain(home.exploreButtons[1].label);
  });

  it('reads another language’s bundle the same way', () => {
    const other: PublicCopy = { ...englishCopy, nav: { ...englishCopy.nav, home: 'ಮುಖಪುಟ' } };
    expect(copyStrings(other)).toContain('ಮುಖಪುಟ');
    expect(copyStrings(other)).not.toContain(nav.home);
  });
});
