/** The document counterparts of localizeRecord: translated values in place, the places left in English named (docs/decisions/0049). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT_CONTENT } from './about-content';
import { DEMO_SITE_SETTINGS } from './site-settings';
import {
  localizeAbout,
  localizeRecord,
  localizeSiteSettings,
  mergeTranslations,
  missingAboutTranslations,
  missingSiteSettingsTranslations,
} from './translations';
import { resources } from './resources';

const about = {
  ...DEFAULT_ABOUT_CONTENT,
  hero: { ...DEFAULT_ABOUT_CONTENT.hero, imageAlt: 'Our carvers at work' },
  translations: { kn: { hero: { title: 'ಕನಸುಗಳ ನಿರ್ಮಾಣ', subtitle: '  ' }, cards: { sale: { title: 'ಮಾರಾಟ' } } } },
};

describe('localizeAbout', () => {
  it('puts the Kannada texts in place and names every place left in English', () => {
    const shown = localizeAbout(about, 'kn');
    expect(shown.hero.title).toBe('ಕನಸುಗಳ ನಿರ್ಮಾಣ');
    // a blank translation falls back
    expect(shown.hero.subtitle).toBe(DEFAULT_ABOUT_CONTENT.hero.subtitle);
    expect(shown.cards[0]).toEqual({ id: 'sale', title: 'ಮಾರಾಟ', description: DEFAULT_ABOUT_CONTENT.cards[0].description });
    expect(shown.fallbackFields).toEqual([
      'hero.subtitle',
      'hero.buttonText',
      'hero.imageAlt',
      'main.title',
      'main.subtitle',
      'main.description',
      'years.number',
      'years.description',
      'cards.sale.description',
      'cards.rent.title',
      'cards.rent.description',
      'cards.search.title',
      'cards.search.description',
      'cards.trusted.title',
      'cards.trusted.description',
    ]);
    expect(missingAboutTranslations(about, 'kn')).toEqual(shown.fallbackFields);
    // an empty English text needs no translation
    expect(missingAboutTranslations({ ...about, hero: { ...about.hero, imageAlt: '' } }, 'kn')).not.toContain('hero.imageAlt');
  });

  it('English is the document as it is, nothing named', () => {
    const shown = localizeAbout(about, 'en');
    expect(shown).toEqual({ ...about, fallbackFields: [] });
  });
});

describe('localizeSiteSettings', () => {
  const settings = {
    ...DEMO_SITE_SETTINGS,
    translations: { kn: { defaultTitle: 'ಬೆಂಗಳೂರು ಹೋಮ್ಸ್', address: { locality: 'ಬೆಂಗಳೂರು' } } },
  };

  it('puts the Kannada texts in place; the company name and numbers stay', () => {
    const shown = localizeSiteSettings(settings, 'kn');
    expect(shown.defaultTitle).toBe('ಬೆಂಗಳೂರು ಹೋಮ್ಸ್');
    expect(shown.address).toEqual({ ...DEMO_SITE_SETTINGS.address, locality: 'ಬೆಂಗಳೂರು' });
    expect(shown.companyName).toBe(DEMO_SITE_SETTINGS.companyName);
    expect(shown.phone).toBe(DEMO_SITE_SETTINGS.phone);
    const expected = ['defaultDescription', 'address.street', 'address.region'].filter((place) =>
      place === 'defaultDescription' ? DEMO_SITE_SETTINGS.defaultDescription : DEMO_SITE_SETTINGS.address[place.split('.')[1] as 'street'],
    );
    expect(shown.fallbackFields).toEqual(expected);
    expect(missingSiteSettingsTranslations(settings, 'kn')).toEqual(expected);
    expect(localizeSiteSettings(settings, 'en')).toEqual({ ...settings, fallbackFields: [] });
  });
});

describe('records', () => {
  it('mergeTranslations: a value left out stays, a blank one goes, a language left empty is dropped', () => {
    expect(mergeTranslations({ kn: { title: 'ಅ', name: 'ಬ' } }, { kn: { title: null, location: 'ಕ' } })).toEqual({
      kn: { name: 'ಬ', location: 'ಕ' },
    });
    expect(mergeTranslations({ kn: { title: 'ಅ' } }, { kn: { title: '' } })).toEqual({});
    expect(mergeTranslations({ kn: { title: 'ಅ' } }, undefined)).toEqual({ kn: { title: 'ಅ' } });
  });

  it('localizeRecord keeps places named before it (an image alt text with no Kannada)', () => {
    const record = { title: 'Villa', imageAlt: 'A villa', fallbackFields: ['imageAlt'], translations: { kn: { title: 'ವಿಲ್ಲಾ' } } };
    expect(localizeRecord(resources.property, record, 'kn')).toMatchObject({ title: 'ವಿಲ್ಲಾ', fallbackFields: ['imageAlt'] });
  });
});
