// engine-independent: shared code; no database
/**
 * The Kannada copy (docs/decisions/0049): every text is there, in Kannada, not the English left in place; numbers are the
 * English ones in Western digits; the fixed words are the glossary's (docs/glossary-kn.md), so the two cannot drift.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contactServerMessages } from '../contact';
import { enquirySourceMessages } from '../enquiry-source';
import { DEFAULT_SITE_SETTINGS } from '../site-settings';
import { kn } from './public-kn';
import { englishCopy } from './public-en';

/** Kannada letters (U+0C80–U+0CFF); its digits are not used (Western digits, as the glossary says). */
const KANNADA = /[\u0C80-\u0CFF]/;
const KANNADA_DIGITS = /[\u0CE6-\u0CEF]/;

/** Arguments each text that is a function is called with; names the site passes in are Latin, as they may be. */
const SAMPLE_ARGS: Record<string, unknown[][]> = {
  'nav.logoLabel': [['Acme Homes']],
  'footer.copyright': [['Acme Homes']],
  'states.homeBannerError': [['Timeout']],
  'states.topProjectsError': [['Timeout']],
  'states.aboutBannersError': [['Timeout']],
  'home.propertyLabel': [[3]],
  'home.by': [['Prestige Group']],
  'home.marketedBy': [['Prestige Group']],
  'home.viewInGallery': [['Lakeview Villas']],
  'about.goTo': [[2]],
  'about.linkedin': [['Asha Rao']],
  'about.twitter': [['Asha Rao']],
  'gallery.photos': [[1], [7]],
  'gallery.counter': [[3, 10]],
  'gallery.showing': [[12, 40]],
  'projects.showing': [[6, 9]],
  'projects.moreDots': [[3]],
  'projects.units': [[1], [120]],
  'projects.showImage': [[2]],
  'projects.imageOf': [[2, 5]],
  'interior.moreChips': [[2]],
  'contact.metaDescription': [
    ['Acme Homes', ['Mon-Sat 9AM-7PM', 'Sun closed']],
    ['Acme Homes', []],
  ],
  'contact.mapTitle': [['12 MG Road, Bengaluru']],
  'reach.whatsappMessage': [['Lakeview Villas']],
  'reach.callLabel': [['+91 98450 12345']],
  'reach.whatsappLabel': [['Lakeview Villas']],
  'language.readIn': [['English']],
  'projectEnquiry.title': [['Lakeview Villas']],
  'projectEnquiry.metaDescription': [['Lakeview Villas']],
};

/** Values, not words: the same in every language (a link's category, a policy's id). */
const IDENTIFIERS = [/^home\.exploreButtons\.\d+\.category$/, /^footer\.policies\.\d+\.id$/];
/** Texts with no word in them, the same in every language. */
const SIGNS = ['projects.moreDots'];
/** Latin words a Kannada text may hold: brand names, which stay in Latin script (docs/glossary-kn.md). */
const LATIN_ALLOWED = ['WhatsApp', 'LinkedIn', 'Twitter', '3D'];

interface Text {
  path: string;
  english: string;
  kannada: string;
  /** The sample names in it, which come from the site and stay as given. */
  names: string[];
}

/** Every text of the two bundles side by side, functions called with their sample arguments. */
function texts(english: unknown, kannada: unknown, path = ''): Text[] {
  if (typeof english === 'string') {
    expect(typeof kannada, path).toBe('string');
    return [{ path, english, kannada: kannada as string, names: [] }];
  }
  if (typeof english === 'function') {
    expect(typeof kannada, path).toBe('function');
    const calls = SAMPLE_ARGS[path];
    expect(calls, `sample arguments for ${path}`).toBeDefined();
    return calls.map((args) => {
      const english_ = (english as (...a: unknown[]) => unknown)(...args);
      const kannada_ = (kannada as (...a: unknown[]) => unknown)(...args);
      expect(typeof english_, path).toBe('string');
      expect(typeof kannada_, path).toBe('string');
      const names = args.flat().filter((arg): arg is string => typeof arg === 'string');
      return { path: `${path}(${JSON.stringify(args)})`, english: english_ as string, kannada: kannada_ as string, names };
    });
  }
  expect(kannada, path).toBeTypeOf('object');
  const englishKeys = Object.keys(english as object);
  expect(Object.keys(kannada as object), path).toEqual(englishKeys);
  return englishKeys.flatMap((key) =>
    texts((english as Record<string, unknown>)[key], (kannada as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}

const all = texts(englishCopy, kn);
const isIdentifier = (path: string) => IDENTIFIERS.some((pattern) => pattern.test(path));
const isSign = (path: string) => SIGNS.some((sign) => path === sign || path.startsWith(`${sign}(`));
const words = all.filter((text) => !isIdentifier(text.path) && !isSign(text.path));
const digitRuns = (text: string) => (text.match(/\d+/g) ?? []).sort();

describe('the Kannada copy', () => {
  it('has every text of the English bundle, and every function has sample arguments', () => {
    // 200-odd texts: a group lost from the walk would show here
    expect(all.length).toBeGreaterThan(200);
    const called = new Set(all.map((text) => text.path.replace(/\(.*$/, '')));
    for (const path of Object.keys(SAMPLE_ARGS)) expect(called, `${path} is no text of the bundle`).toContain(path);
  });

  it('is in Kannada script and not the English left in place', () => {
    for (const { path, english, kannada } of words) {
      expect(kannada.trim(), path).not.toBe('');
      expect(kannada, path).toMatch(KANNADA);
      expect(kannada, path).not.toBe(english);
    }
  });

  it('leaves no English word but brand names and the names the site passes in', () => {
    for (const { path, kannada, names } of words) {
      let rest = kannada;
      for (const name of [...names, ...LATIN_ALLOWED]) rest = rest.split(name).join('');
      expect(rest, path).not.toMatch(/[A-Za-z]/);
    }
  });

  it('keeps the English numbers, in Western digits', () => {
    for (const { path, english, kannada } of all) {
      expect(kannada, path).not.toMatch(KANNADA_DIGITS);
      expect(digitRuns(kannada), path).toEqual(digitRuns(english));
    }
  });

  it('keeps values and signs as they are', () => {
    const kept = all.filter((text) => isIdentifier(text.path) || isSign(text.path));
    // 3 explore buttons, 3 policies, the dots' count
    expect(kept).toHaveLength(7);
    for (const { path, english, kannada } of kept) expect(kannada, path).toBe(english);
  });

  it('gives page titles that fit a search result with the company name, as the English ones do', () => {
    // e2e/public/valid-markup.spec.ts holds every <title> ('<page> | <company>') to 70 characters
    const titles = [kn.home, kn.clientStories, kn.about, kn.gallery, kn.projects, kn.interior, kn.interiorProjects, kn.contact];
    for (const { title } of titles) expect(`${title} | ${DEFAULT_SITE_SETTINGS.companyName}`.length, title).toBeLessThanOrEqual(70);
  });

  it('words a singular and a plural count differently', () => {
    expect(kn.gallery.photos(1)).toBe('1 ಫೋಟೋ');
    expect(kn.gallery.photos(7)).toBe('7 ಫೋಟೋಗಳು');
    expect(kn.projects.units(1)).toBe('1 ಯೂನಿಟ್');
    expect(kn.projects.units(120)).toBe('120 ಯೂನಿಟ್‌ಗಳು');
  });

  it('names the other language in the switcher', () => {
    expect(kn.language.switcherLabel).toBe('ಭಾಷೆ');
    expect(kn.language.readIn('English')).toBe('ಈ ಪುಟವನ್ನು English ಭಾಷೆಯಲ್ಲಿ ಓದಿ');
  });
});

describe('the server messages in the copy', () => {
  it('are word for word what the server answers the forms with', () => {
    const { projectNotFound, ...contactMessages } = englishCopy.contact.serverMessages;
    expect(contactMessages).toEqual(contactServerMessages);
    expect(projectNotFound).toBe(enquirySourceMessages.projectNotFound);
  });
});

/** docs/glossary-kn.md's tables: English -> Kannada (a term in two tables has one word). */
function readGlossary(): Map<string, string> {
  const markdown = fs.readFileSync(new URL('../../docs/glossary-kn.md', import.meta.url), 'utf8');
  const glossary = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const [english, kannada] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (english === 'English' || /^-+$/.test(english)) continue;
    expect(kannada, english).toBeTruthy();
    if (glossary.has(english)) expect(kannada, `${english}: one word in every table`).toBe(glossary.get(english));
    glossary.set(english, kannada);
  }
  return glossary;
}

describe('the glossary (docs/glossary-kn.md)', () => {
  const glossary = readGlossary();
  const word = (english: string) => {
    expect(glossary.has(english), `${english} is in the glossary`).toBe(true);
    return glossary.get(english);
  };

  it('has its tables', () => {
    expect(glossary.size).toBeGreaterThan(50);
  });

  it('gives the words of every fixed choice (options)', () => {
    const groups = Object.keys(englishCopy.options) as (keyof typeof englishCopy.options)[];
    for (const group of groups) {
      const english: Readonly<Record<string, string>> = englishCopy.options[group];
      const kannada: Readonly<Record<string, string>> = kn.options[group];
      expect(Object.keys(kannada), group).toEqual(Object.keys(english));
      // by the English words (a stored choice is its own English word, but for the days' short names)
      for (const [value, label] of Object.entries(kannada)) expect(label, `${group}.${value}`).toBe(word(english[value]));
    }
  });

  it('gives the stage tabs, the room tiles and the five design-process steps', () => {
    englishCopy.interiorProjects.tabs.forEach((tab, i) => expect(kn.interiorProjects.tabs[i]).toBe(word(tab)));
    englishCopy.interiorProjects.categoryTiles.forEach((tile, i) => expect(kn.interiorProjects.categoryTiles[i]).toBe(word(tile)));
    englishCopy.interior.processSteps.forEach((step, i) => expect(kn.interior.processSteps[i].title).toBe(word(step.title)));
  });

  it('gives the menu words', () => {
    const { home, about, clientStories, gallery, projects, contact } = englishCopy.nav;
    for (const key of ['home', 'about', 'clientStories', 'gallery', 'projects', 'contact'] as const) {
      expect(kn.nav[key], key).toBe(word({ home, about, clientStories, gallery, projects, contact }[key]));
    }
    expect(kn.projectEnquiry.contactBy.call).toBe(word('phone call'));
    expect(kn.projectEnquiry.contactBy.visit).toBe(word('site visit'));
  });
});
