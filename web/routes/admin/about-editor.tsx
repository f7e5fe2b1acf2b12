/**
 * About Us editor: four sections of one document, read by the public About page. Each section's save (and each card's)
 * puts the document live at once (PUT /api/about-content) with that part as the form shows it; the bar above them saves
 * every section as a draft (visitors see no change), publishes it, and autosaves a draft while typing; a draft newer than
 * the live document is what the editor opens, and a Schedule section publishes it at a time (docs/decisions/0039, 0042).
 * Each write names the revision the editor stands on; someone else's save since opens the edit-conflict dialog (0044).
 * The live preview shows the form as typed, and "Share preview link" the saved draft (DocumentPreview, 0045).
 */
import { History, Pencil, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useFetchers, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { z } from 'zod';
import {
  ABOUT_CARD_REQUIRED,
  ABOUT_FILL_ALL,
  aboutCardSchema,
  aboutHeroSchema,
  aboutMainSchema,
  aboutYearsSchema,
  storedAboutContentSchema,
  type AboutContent,
  type AboutContentReply,
  type AboutContentSavedReply,
} from '../../../shared/about-content';
import { aboutEditorCopy as copy, commonCopy, historyCopy, mediaPickerCopy, translationCopy } from '../../../shared/copy/admin';
import { TRANSLATED_LANGUAGES, languageDef, type TranslatedLanguage } from '../../../shared/languages';
import { isRecord } from '../../../shared/narrow';
import type { EditConflict } from '../../../shared/edit-conflicts';
import type { ItemSchedule, ScheduleReply } from '../../../shared/schedules';
import { btn, card, input, label } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { DocumentPreview, usePreviewPart } from '../../components/admin/document-preview';
import { AdminDataView } from '../../components/admin/admin-data';
import { DocumentDraftBar, DocumentSchedule } from '../../components/admin/draft-controls';
import type { Side } from '../../components/admin/edit-conflict-dialog';
import { LibraryImageField, useMediaEntries, type MediaEntries } from '../../components/admin/media-chooser';
import { LabelledInput, PageHeader } from '../../components/admin/ui';
import { useDocumentConflict, type DocumentShape } from '../../components/admin/use-document-conflict';
import { useDraftAutosave } from '../../components/admin/use-draft-autosave';
import { MissingTranslationMarks, SideBySide, TranslatedField } from '../../components/admin/translation-parts';
import {
  documentTranslationsSchema,
  missingPlaces,
  translatedPart,
  translatedText,
  withTranslated,
  type DocumentTranslations,
} from '../../lib/admin/document-translations';
import { useLeaveGuard, type LeaveGuard } from '../../components/admin/use-leave-guard';
import {
  autosaveDocument,
  documentAction,
  loadDocumentDraft,
  submitDiscard,
  type DiscardIntent,
  type DocumentIntent,
  type ScheduleIntent,
} from '../../lib/admin/document-drafts';
import { loadReply, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/about-editor';

type SectionKey = 'hero' | 'main' | 'years';
type Card = AboutContent['cards'][number];
/** A part of the editor with a save of its own: a section, or the feature cards. */
type Part = SectionKey | 'cards';
const PATH = '/about-content';

/** The document with its translations, nested like it (`{ kn: { hero: { title } , cards: [{ id, title, description }] } }`; docs/decisions/0049). */
type AboutDoc = AboutContent & { translations?: DocumentTranslations };
const aboutDocSchema: z.ZodType<AboutDoc> = storedAboutContentSchema.extend({ translations: documentTranslationsSchema });

/** `translatable`: the fields with a value per language (not the image's URL, nor the years' number). */
const sections: {
  key: SectionKey;
  title: string;
  fields: Record<string, string>;
  schema: z.ZodType;
  long: string[];
  translatable: string[];
}[] = [
  {
    key: 'hero',
    title: copy.hero,
    fields: copy.heroFields,
    schema: aboutHeroSchema,
    long: [],
    translatable: ['imageAlt', 'title', 'subtitle', 'buttonText'],
  },
  {
    key: 'main',
    title: copy.main,
    fields: copy.mainFields,
    schema: aboutMainSchema,
    long: ['description'],
    translatable: ['title', 'subtitle', 'description'],
  },
  {
    key: 'years',
    title: copy.years,
    fields: copy.yearsFields,
    schema: aboutYearsSchema,
    long: ['description'],
    translatable: ['number', 'description'],
  },
];

/** A card's texts in a language, as the translations hold them (by the card's id). */
type CardTexts = { id: string; title: string; description: string };
function translatedCards(translations: DocumentTranslations | undefined, language: TranslatedLanguage): CardTexts[] {
  // stored by the card's id: { sale: { title, description } } (shared/translations.ts)
  const stored = translatedPart(translations, language, 'cards');
  if (!isRecord(stored)) return [];
  return Object.entries(stored).flatMap(([id, entry]) =>
    isRecord(entry)
      ? [
          {
            id,
            title: typeof entry.title === 'string' ? entry.title : '',
            description: typeof entry.description === 'string' ? entry.description : '',
          },
        ]
      : [],
  );
}

/** Card texts as the translations store them: by the card's id. */
const cardMap = (cards: readonly CardTexts[]) =>
  Object.fromEntries(cards.map(({ id, title, description }) => [id, { title, description }]));

/** The places of a section or the cards missing a translation, per language. */
const sectionMissing = (
  section: (typeof sections)[number],
  values: Record<string, string>,
  translations: DocumentTranslations | undefined,
) =>
  missingPlaces(
    translations,
    section.translatable.map((name) => ({ path: [section.key, name], english: values[name] ?? '' })),
  );
const cardMissing = (item: Card, translations: DocumentTranslations | undefined) => {
  const counts: Partial<Record<TranslatedLanguage, number>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const texts = translatedCards(translations, language).find((each) => each.id === item.id);
    const missing = (['title', 'description'] as const).filter((name) => item[name].trim() && !texts?.[name].trim()).length;
    if (missing) counts[language] = missing;
  }
  return counts;
};

export async function clientLoader() {
  const [about, draft, schedule] = await Promise.all([
    loadReply<AboutContentReply>(PATH, copy.loadFailed),
    // the newest draft (the form opens it) and the document's revision, the base of the editor's saves (docs/decisions/0044)
    loadDocumentDraft(PATH, aboutDocSchema),
    // an unread schedule is no reason to refuse the screen: the section starts empty
    loadReply<Omit<ScheduleReply, 'message'>>(`${PATH}/schedule`, ''),
  ]);
  return { about, draft: draft.draft, revision: draft.revision, schedule: schedule.reply?.data ?? null };
}

/** A part's save, Save draft, Publish, Discard draft (every section; docs/decisions/0039) or the draft's schedule (0042). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await submitted<DocumentIntent<AboutContent> | DiscardIntent | ScheduleIntent>(request);
  return documentAction(body, { path: PATH, name: historyCopy.aboutName, saved: copy.saved, saveFailed: copy.saveFailed });
}

/** A save's reply holds the document as stored: the editor takes it from there, with no second read. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/** The document as the form shows it, place by place ("hero.title", "cards"): what an edit conflict compares and merges. */
function placesOf(content: AboutDoc): { name: string; label: string; text: string }[] {
  const fields = sections.flatMap((section) => {
    const part = content[section.key] as Record<string, string>;
    return Object.entries(section.fields).map(([name, text]) => ({
      name: `${section.key}.${name}`,
      label: copy.placeLabel(section.title, text),
      text: part[name] ?? '',
    }));
  });
  const cards = content.cards.map((item) => `${item.title}: ${item.description}`).join('\n');
  // each translated text is a place of its own ("kn.hero.title"), the translated cards one ("kn.cards")
  const translated = TRANSLATED_LANGUAGES.flatMap((language) => {
    const languageName = languageDef(language).name;
    const texts = sections.flatMap((section) =>
      section.translatable.map((name) => ({
        name: `${language}.${section.key}.${name}`,
        label: copy.placeLabel(section.title, translationCopy.fieldLabel(section.fields[name], languageName)),
        text: translatedText(content.translations, language, [section.key, name]),
      })),
    );
    const cardTexts = translatedCards(content.translations, language)
      .map((item) => `${item.title}: ${item.description}`)
      .join('\n');
    return [...texts, { name: `${language}.cards`, label: translationCopy.fieldLabel(copy.cards, languageName), text: cardTexts }];
  });
  return [...fields, { name: 'cards', label: copy.cards, text: cards }, ...translated];
}

/** The document as text, place by place: two that read the same are the same to the editor. */
const signature = (content: AboutDoc) =>
  JSON.stringify([
    placesOf(content).map((place) => place.text),
    content.cards,
    TRANSLATED_LANGUAGES.map((language) => translatedCards(content.translations, language)),
  ]);

/** `base` with each place taken from `theirs` where `choose` says so (the cards as one). */
function mergedDocument(base: AboutDoc, theirs: AboutDoc, choose: (place: string) => Side): AboutDoc {
  const next: AboutDoc = { ...base, cards: choose('cards') === 'theirs' ? theirs.cards : base.cards };
  for (const section of sections) {
    const part = { ...(base[section.key] as Record<string, string>) };
    const their = theirs[section.key] as Record<string, string>;
    for (const name of Object.keys(section.fields)) if (choose(`${section.key}.${name}`) === 'theirs') part[name] = their[name] ?? '';
    (next as Record<SectionKey, unknown>)[section.key] = part;
  }
  for (const language of TRANSLATED_LANGUAGES) {
    for (const section of sections)
      for (const name of section.translatable)
        if (choose(`${language}.${section.key}.${name}`) === 'theirs')
          next.translations = withTranslated(
            next.translations,
            language,
            [section.key, name],
            translatedText(theirs.translations, language, [section.key, name]),
          );
    if (choose(`${language}.cards`) === 'theirs')
      next.translations = withTranslated(next.translations, language, ['cards'], cardMap(translatedCards(theirs.translations, language)));
  }
  return next;
}

const aboutShape: DocumentShape<AboutDoc> = {
  places: placesOf,
  read: (values, fallback) => {
    const parsed = aboutDocSchema.safeParse(values);
    return parsed.success ? parsed.data : fallback;
  },
  merge: mergedDocument,
};

/** Whether a place ("hero.title", "cards", "kn.hero.title") belongs to a part. */
const inPart = (place: string, part: Part) => {
  const language = TRANSLATED_LANGUAGES.find((code) => place.startsWith(`${code}.`));
  const bare = language ? place.slice(language.length + 1) : place;
  return bare === part || bare.startsWith(`${part}.`);
};

/** `live`'s translations with `part` (a section, the cards) taken from the form's, in every language: what a part's save sends. */
function withPartTranslations(
  live: DocumentTranslations | undefined,
  form: DocumentTranslations | undefined,
  part: Part,
): DocumentTranslations | undefined {
  let next = live;
  for (const language of TRANSLATED_LANGUAGES) next = withTranslated(next, language, [part], translatedPart(form, language, part) ?? {});
  return next;
}

/**
 * What a write that met someone else's change was: a part's save (sent again, when asked, as that part's), or Save draft
 * or Publish of the whole form (an autosave counts as Save draft).
 */
type AboutWrite = { part: Part; resend: (chosen: AboutDoc) => void } | { intent: 'draft' | 'publish' };

/**
 * What the editor shares with its parts: the live document a part's save goes onto, the revision every save names as
 * its base (the one opened, then each save's own), whether a write is on its way, and where a save that met someone
 * else's change goes: the dialog, with the document it sent and how to send it again.
 */
interface Saving {
  live: AboutDoc;
  busy: boolean;
  revision: () => string | undefined;
  setRevision: (revision: string) => void;
  onConflict: (met: EditConflict, part: Part, sent: AboutDoc, resend: (chosen: AboutDoc) => void) => void;
}

/** Sends a part's document live through the screen's action; `onSaved` takes the stored one, `onFailed` a failure of any other kind. */
function useSave(saving: Saving, part: Part, onSaved: (content: AboutDoc) => void, onFailed: (error: string) => void) {
  const fetcher = useFetcher<Written<AboutContentSavedReply>>();
  const [sent, setSent] = useState<AboutDoc | null>(null);
  const save = (content: AboutDoc) => {
    setSent(content);
    const body: DocumentIntent<AboutContent> = {
      intent: 'save',
      value: content,
      ...(saving.revision() ? { revision: saving.revision() } : {}),
    };
    void fetcher.submit({ ...body }, { method: 'put', encType: 'application/json' });
  };
  useWritten(fetcher.data, (written) => {
    if (written.ok) {
      saving.setRevision(written.reply.revision);
      return onSaved(written.reply.data);
    }
    if (written.conflict && sent) return saving.onConflict(written.conflict, part, sent, save);
    onFailed(written.error);
  });
  return { save, busy: fetcher.state !== 'idle' };
}

/** Tells the editor whether the card form holds changes not saved. */
type OnDirty = (dirty: boolean) => void;

function SectionForm({
  section,
  values,
  onChange,
  error,
  onError,
  onSaved,
  saving,
  library,
  translations,
  onTranslated,
  onClearTranslations,
}: {
  section: (typeof sections)[number];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  error: string;
  onError: (error: string) => void;
  onSaved: (content: AboutDoc) => void;
  /** The form's translations (the whole document's): this section's are shown beside its English fields. */
  translations: DocumentTranslations | undefined;
  onTranslated: (language: TranslatedLanguage, name: string, value: string) => void;
  onClearTranslations: () => void;
  saving: Saving;
  /** The library entries of the hero image: its empty alt text follows the entry's. */
  library: MediaEntries;
}) {
  const { save, busy } = useSave(saving, section.key, onSaved, onError);
  const [confirmReset, setConfirmReset] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = section.schema.safeParse(values);
    if (!parsed.success) return onError(parsed.error.issues[0]?.message ?? ABOUT_FILL_ALL);
    onError('');
    // the live document with this section as the form shows it: the other sections' changes stay where they are
    save({
      ...saving.live,
      [section.key]: parsed.data,
      translations: withPartTranslations(saving.live.translations, translations, section.key),
    } as AboutDoc);
  };
  const sectionId = `about-${section.key}`;
  return (
    <section className={`${card} p-5`} aria-labelledby={sectionId}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 id={sectionId} className="text-lg font-semibold">
          {section.title}
        </h2>
        <MissingTranslationMarks counts={sectionMissing(section, values, translations)} />
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        {Object.entries(section.fields).map(([name, text]) => {
          const id = `${sectionId}-${name}`;
          // the hero's image is chosen from the library (or uploaded into it), not typed
          if (name === 'image')
            return (
              <LibraryImageField
                key={name}
                id={id}
                label={text}
                value={values[name] ?? ''}
                library={library}
                onChange={(url) => onChange({ ...values, [name]: url })}
              />
            );
          // the hero's alt text: empty follows the library's (docs/decisions/0048)
          const libraryAlt = name === 'imageAlt' && values.image ? library.entryOf(values.image)?.alt : undefined;
          const props = {
            id,
            className: input,
            value: values[name] ?? '',
            placeholder: libraryAlt,
            'aria-describedby': libraryAlt === undefined ? undefined : `${id}-library`,
            onChange: (e: { currentTarget: { value: string } }) => onChange({ ...values, [name]: e.currentTarget.value }),
          };
          const english = (
            <div key={name}>
              <label htmlFor={id} className={label}>
                {text}
              </label>
              {section.long.includes(name) ? <textarea rows={4} {...props} /> : <input {...props} />}
              {libraryAlt === undefined ? null : (
                <p id={`${id}-library`} className="mt-1 text-xs text-gray-600">
                  {mediaPickerCopy.libraryAltHint(libraryAlt)}
                </p>
              )}
            </div>
          );
          if (!section.translatable.includes(name)) return english;
          // the English text and its translations side by side (docs/decisions/0049)
          return (
            <SideBySide key={name}>
              {english}
              {TRANSLATED_LANGUAGES.map((language) => (
                <TranslatedField
                  key={language}
                  id={`${id}-${language}`}
                  language={language}
                  label={translationCopy.fieldLabel(text, languageDef(language).name)}
                  value={translatedText(translations, language, [section.key, name])}
                  multiline={section.long.includes(name)}
                  onChange={(value) => onTranslated(language, name, value)}
                />
              ))}
            </SideBySide>
          );
        })}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={btn.secondary} onClick={() => setConfirmReset(true)}>
            {copy.reset}
          </button>
          <button type="submit" className={btn.primary} disabled={saving.busy}>
            {busy ? commonCopy.saving : copy.saveSection}
          </button>
        </div>
      </form>
      {confirmReset ? (
        <ConfirmDialog
          title={copy.reset}
          message={copy.resetConfirm}
          confirmLabel={copy.reset}
          busy={false}
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            onChange(Object.fromEntries(Object.keys(values).map((key) => [key, ''])));
            onClearTranslations();
            setConfirmReset(false);
          }}
        />
      ) : null}
    </section>
  );
}

/** The cards with the card form's text in place (the card edited, or a new one once something is typed): what the preview shows. */
function withCardDraft(cards: Card[], editingId: string | null, draft: { title: string; description: string }): Card[] {
  if (editingId) return cards.map((c) => (c.id === editingId ? { ...c, ...draft } : c));
  return draft.title || draft.description ? [...cards, { id: 'new', ...draft }] : cards;
}

/** The card form's texts in each language. */
type CardDrafts = Partial<Record<TranslatedLanguage, { title: string; description: string }>>;
const cardDraftsOf = (translations: DocumentTranslations | undefined, id: string | null): CardDrafts =>
  Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => {
      const texts = id === null ? undefined : translatedCards(translations, language).find((item) => item.id === id);
      return [language, { title: texts?.title ?? '', description: texts?.description ?? '' }];
    }),
  );

/** The translations with a card's texts in each language put in (`drafts`; blank ones are left out) or removed (null). */
function withCardTexts(
  translations: DocumentTranslations | undefined,
  id: string,
  drafts: CardDrafts | null,
): DocumentTranslations | undefined {
  let next = translations;
  for (const language of TRANSLATED_LANGUAGES) {
    const others = translatedCards(translations, language).filter((item) => item.id !== id);
    const texts = drafts?.[language];
    const title = texts?.title.trim() ?? '';
    const description = texts?.description.trim() ?? '';
    const kept = title || description ? [...others, { id, title, description }] : others;
    next = withTranslated(next, language, ['cards'], cardMap(kept));
  }
  return next;
}

function CardsEditor({
  cards,
  translations,
  onSaved,
  onDirty,
  guard,
  saving,
}: {
  /** The cards as the form shows them (the draft's, when it opened one). */
  cards: Card[];
  /** The form's translations: the cards' texts in each language are in them. */
  translations: DocumentTranslations | undefined;
  onSaved: (c: AboutDoc) => void;
  onDirty: OnDirty;
  guard: LeaveGuard;
  saving: Saving;
}) {
  const [draft, setDraft] = useState<{ title: string; description: string }>({ title: '', description: '' });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<CardDrafts>(() => cardDraftsOf(undefined, null));
  const [error, setError] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Card | null>(null);
  // what the last save was: the card form's (cleared once saved) or a delete (its question closes either way)
  const [sent, setSent] = useState<'card' | 'delete'>('card');
  const { save, busy } = useSave(
    {
      ...saving,
      onConflict: (met, part, sentContent, resend) => {
        setPendingDelete(null);
        saving.onConflict(met, part, sentContent, resend);
      },
    },
    'cards',
    (saved) => {
      if (sent === 'delete') setPendingDelete(null);
      onSaved(saved);
      if (sent === 'card') {
        setEditingId(null);
        setDraft({ title: '', description: '' });
        setDrafts(cardDraftsOf(undefined, null));
      }
    },
    (failed) => {
      if (sent === 'delete') setPendingDelete(null);
      setError(failed);
    },
  );
  usePreviewPart('cards', withCardDraft(cards, editingId, draft));
  const editedCard = cards.find((c) => c.id === editingId);
  const dirty =
    draft.title !== (editedCard?.title ?? '') ||
    draft.description !== (editedCard?.description ?? '') ||
    JSON.stringify(drafts) !== JSON.stringify(cardDraftsOf(translations, editingId));
  useLayoutEffect(() => onDirty(dirty), [onDirty, dirty]);
  // switching the card being edited discards only the card form's changes: the sections' stay, so ask only for these
  const switchCard = (run: () => void) => (dirty ? guard.attempt(run) : run());

  // the live document with the cards as the list shows them, changed
  // the cards' translations go with them: the form's, with this card's texts as the card form has them (or removed)
  const persist = (next: Card[], kind: 'card' | 'delete', texts: DocumentTranslations | undefined) => {
    setSent(kind);
    save({ ...saving.live, cards: next, translations: withPartTranslations(saving.live.translations, texts, 'cards') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a new card gets a time-based id; editing keeps the card's id
    const card = { id: editingId ?? String(Date.now()), ...draft };
    const parsed = aboutCardSchema.safeParse(card);
    if (!parsed.success) return setError(ABOUT_CARD_REQUIRED);
    setError('');
    persist(
      editingId ? cards.map((c) => (c.id === editingId ? parsed.data : c)) : [...cards, parsed.data],
      'card',
      withCardTexts(translations, parsed.data.id, drafts),
    );
  };
  return (
    <section className={`${card} p-5`} aria-labelledby="about-cards">
      <h2 id="about-cards" className="mb-4 text-lg font-semibold">
        {copy.cards}
      </h2>
      <ul className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {cards.map((item) => (
          <li key={item.id} className="rounded-lg border border-gray-200 p-3">
            <p className="font-semibold">{item.title}</p>
            <MissingTranslationMarks counts={cardMissing(item, translations)} />
            <p className="mt-1 text-sm text-gray-700">{item.description}</p>
            <div className="mt-2 flex justify-end gap-1">
              <button
                type="button"
                className={btn.smallEdit}
                aria-label={`${commonCopy.edit} ${item.title}`}
                onClick={() =>
                  switchCard(() => {
                    setEditingId(item.id);
                    setDraft({ title: item.title, description: item.description });
                    setDrafts(cardDraftsOf(translations, item.id));
                    setError('');
                  })
                }
              >
                <Pencil className="h-4 w-4" aria-hidden />
                {commonCopy.edit}
              </button>
              <button
                type="button"
                className={btn.smallDelete}
                aria-label={`${commonCopy.delete} ${item.title}`}
                onClick={() => setPendingDelete(item)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                {commonCopy.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="space-y-3">
        <SideBySide>
          <LabelledInput
            id="card-title"
            label={copy.cardFields.title}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
          />
          {TRANSLATED_LANGUAGES.map((language) => (
            <TranslatedField
              key={language}
              id={`card-title-${language}`}
              language={language}
              label={translationCopy.fieldLabel(copy.cardFields.title, languageDef(language).name)}
              value={drafts[language]?.title ?? ''}
              onChange={(title) => setDrafts({ ...drafts, [language]: { description: '', ...drafts[language], title } })}
            />
          ))}
        </SideBySide>
        <SideBySide>
          <div>
            <label htmlFor="card-description" className={label}>
              {copy.cardFields.description}
            </label>
            <textarea
              id="card-description"
              rows={3}
              className={input}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            />
          </div>
          {TRANSLATED_LANGUAGES.map((language) => (
            <TranslatedField
              key={language}
              id={`card-description-${language}`}
              language={language}
              label={translationCopy.fieldLabel(copy.cardFields.description, languageDef(language).name)}
              value={drafts[language]?.description ?? ''}
              multiline
              rows={3}
              onChange={(description) => setDrafts({ ...drafts, [language]: { title: '', ...drafts[language], description } })}
            />
          ))}
        </SideBySide>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          {editingId ? (
            <button
              type="button"
              className={btn.secondary}
              onClick={() =>
                switchCard(() => {
                  setEditingId(null);
                  setDraft({ title: '', description: '' });
                  setDrafts(cardDraftsOf(undefined, null));
                })
              }
            >
              {copy.cancelEdit}
            </button>
          ) : null}
          <button type="submit" className={btn.primary} disabled={saving.busy}>
            {busy ? commonCopy.saving : editingId ? copy.updateCard : copy.addCard}
          </button>
        </div>
      </form>
      {pendingDelete ? (
        <ConfirmDialog
          message={copy.deleteCardConfirm}
          busy={busy}
          onCancel={() => setPendingDelete(null)}
          onConfirm={() =>
            persist(
              cards.filter((c) => c.id !== pendingDelete.id),
              'delete',
              withCardTexts(translations, pendingDelete.id, null),
            )
          }
        />
      ) : null}
    </section>
  );
}

export default function AboutEditor() {
  const { about, draft, revision, schedule } = useLoaderData<typeof clientLoader>();
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro}>
        <Link to="/admin/history/about/-" className={btn.secondary}>
          <History className="h-4 w-4" aria-hidden />
          {historyCopy.link}
        </Link>
      </PageHeader>
      <AdminDataView loaded={about}>
        {({ data }) => <Editor live={data} draft={draft} revision={revision} schedule={schedule} />}
      </AdminDataView>
    </div>
  );
}

/**
 * `live`: the document visitors see; `draft`: a newer draft, which the form opens; `revision`: the document's then.
 * The form is one document: the sections' fields and the cards, measured against what it last stood on (`saved`).
 */
function Editor({
  live: opened,
  draft,
  revision,
  schedule,
}: {
  live: AboutDoc;
  draft: AboutDoc | null;
  revision: string | undefined;
  schedule: ItemSchedule | null;
}) {
  const [live, setLive] = useState(opened);
  const [saved, setSaved] = useState(draft ?? opened);
  const [values, setValues] = useState(draft ?? opened);
  // a draft newer than the live document: the editor says so, and offers its schedule
  const [hasDraft, setHasDraft] = useState(draft !== null);
  const [errors, setErrors] = useState<Partial<Record<SectionKey, string>>>({});
  const [formError, setFormError] = useState('');
  const fetcher = useFetcher<Written<AboutContentSavedReply>>();
  // every part's save and the bar's share one revision: one write at a time
  const busy = useFetchers().some((each) => each.state !== 'idle');
  // the revision every save names as its base (a ref: a save reads it after the others' replies, the autosave after an await)
  const revisionRef = useRef(revision);
  const dirty = signature(values) !== signature(saved);
  const [cardFormDirty, setCardFormDirty] = useState(false);
  const guard = useLeaveGuard(dirty || cardFormDirty);
  // the hero image's library entry, read once (one chosen later comes with its own)
  const library = useMediaEntries([values.hero.image]);

  // settled, the editor stands on their revision and document; the form takes each place as chosen where the write
  // sent it, and theirs elsewhere unless it was changed here (nothing typed is lost); then it is sent again as it was asked
  const conflict = useDocumentConflict<AboutDoc, AboutWrite>(aboutShape, ({ met, intent, theirs, chosen, choose, resend }) => {
    revisionRef.current = met.revision;
    if (met.status === 'published') setLive(theirs);
    else setHasDraft(true);
    const kept = new Map(placesOf(saved).map((place) => [place.name, place.text]));
    const shown = placesOf(values);
    const follow = (place: string): Side =>
      !('part' in intent) || inPart(place, intent.part)
        ? choose(place)
        : shown.find((each) => each.name === place)?.text === kept.get(place)
          ? 'theirs'
          : 'mine';
    setSaved(theirs);
    setValues(mergedDocument(values, theirs, follow));
    if (!resend) return;
    if ('part' in intent) intent.resend(chosen);
    else send(chosen, intent.intent);
  });
  /** The whole form as the document, when every section checks out (null, with each section's message, when not). */
  const checked = (state: AboutDoc, show: boolean): AboutDoc | null => {
    const found: Partial<Record<SectionKey, string>> = {};
    const next: AboutDoc = { ...state };
    for (const section of sections) {
      const parsed = section.schema.safeParse(state[section.key]);
      if (parsed.success) (next as Record<SectionKey, unknown>)[section.key] = parsed.data;
      else found[section.key] = parsed.error.issues[0]?.message ?? ABOUT_FILL_ALL;
    }
    if (show) setErrors(found);
    return Object.keys(found).length > 0 ? null : next;
  };

  // autosave: 2 s after the last change of a form whose every section checks out; never a publish (docs/decisions/0039)
  const autosave = useDraftAutosave(signature(values), dirty && !busy && !conflict.open && checked(values, false) !== null, async () => {
    const value = checked(values, false);
    if (!value) return 'failed';
    const outcome = await autosaveDocument(PATH, value, revisionRef, (met) => conflict.meet(met, { intent: 'draft' }, values, saved));
    if (outcome === 'saved') {
      setHasDraft(true);
      // the draft holds these values now: a change is measured from them (typed back to the opened text is saved again)
      setSaved(values);
    }
    return outcome;
  });
  // an autosave on its way moves the revision too: the buttons wait for it
  const writing = busy || autosave === 'saving';
  const saving: Saving = {
    live,
    busy: writing,
    revision: () => revisionRef.current,
    setRevision: (next) => {
      revisionRef.current = next;
    },
    onConflict: (met, part, sent, resend) => conflict.meet(met, { part, resend }, sent, live),
  };

  // what the bar's last write asked for
  const sent = useRef<'draft' | 'publish' | 'discard'>('draft');
  useWritten(fetcher.data, (outcome) => {
    if (!outcome.ok) {
      // a discard is not checked against the revision: it meets no one's change
      if (outcome.conflict && sent.current !== 'discard') return conflict.meet(outcome.conflict, { intent: sent.current }, values, saved);
      return setFormError(outcome.error);
    }
    revisionRef.current = outcome.reply.revision;
    // after a publish or a discard the reply is the live document
    if (sent.current !== 'draft') setLive(outcome.reply.data);
    setSaved(outcome.reply.data);
    setValues(outcome.reply.data);
    setHasDraft(sent.current === 'draft');
  });

  /** Save draft or Publish of every section and the cards, as `state` has them. */
  function send(state: AboutDoc, intent: 'draft' | 'publish') {
    const value = checked(state, true);
    if (!value) {
      setFormError(copy.fixSections);
      // the first field with a problem takes the focus
      for (const section of sections) {
        const parsed = section.schema.safeParse(state[section.key]);
        if (parsed.success) continue;
        document.getElementById(`about-${section.key}-${String(parsed.error.issues[0]?.path[0] ?? '')}`)?.focus();
        break;
      }
      return;
    }
    setFormError('');
    sent.current = intent;
    // the action's DocumentIntent
    // typed as the document: its translations (any JSON) go with it
    const body: DocumentIntent<AboutContent> = { intent, value, ...(revisionRef.current ? { revision: revisionRef.current } : {}) };
    void fetcher.submit({ ...body }, { method: 'put', encType: 'application/json' });
  }

  /** Discard draft: the live document comes back into every section and the cards. */
  function discard() {
    setErrors({});
    setFormError('');
    sent.current = 'discard';
    submitDiscard(fetcher);
  }

  /** A part's save went live: the editor stands on the stored document; the part shows it, the other parts keep the form's. */
  const partSaved = (part: Part) => (stored: AboutDoc) => {
    setLive(stored);
    // the form's other changes differ from it now: the autosave keeps them as a draft, and the guard asks before they go
    setSaved(stored);
    setValues((current) => ({
      ...current,
      [part]: stored[part],
      translations: withPartTranslations(current.translations, stored.translations, part),
    }));
    setHasDraft(false);
  };

  const barBusy = fetcher.state !== 'idle';
  return (
    <DocumentPreview document="about" value={values} drafted={hasDraft}>
      <section className={`${card} mb-6 space-y-3 p-5`} aria-labelledby="about-document">
        <h2 id="about-document" className="text-lg font-semibold">
          {copy.wholePage}
        </h2>
        <p className="text-sm text-gray-700">{copy.wholePageHint}</p>
        <DocumentDraftBar
          autosave={autosave}
          drafted={hasDraft}
          draftNotice={copy.draftShown}
          error={formError}
          busy={writing}
          canPublish={hasDraft || dirty}
          publishing={barBusy && sent.current === 'publish'}
          onSaveDraft={() => send(values, 'draft')}
          onPublish={() => send(values, 'publish')}
          onDiscard={discard}
        />
      </section>
      <DocumentSchedule className="mb-6" drafted={hasDraft} schedule={schedule} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {sections.map((section) => (
          <SectionForm
            key={section.key}
            section={section}
            values={values[section.key] as Record<string, string>}
            onChange={(next) => setValues((current) => ({ ...current, [section.key]: next }))}
            error={errors[section.key] ?? ''}
            onError={(error) => setErrors((current) => ({ ...current, [section.key]: error }))}
            onSaved={partSaved(section.key)}
            saving={saving}
            library={library}
            translations={values.translations}
            onTranslated={(language, name, value) =>
              setValues((current) => ({
                ...current,
                translations: withTranslated(current.translations, language, [section.key, name], value),
              }))
            }
            onClearTranslations={() =>
              setValues((current) => ({ ...current, translations: withPartTranslations(current.translations, undefined, section.key) }))
            }
          />
        ))}
        <CardsEditor
          cards={values.cards}
          translations={values.translations}
          onSaved={partSaved('cards')}
          onDirty={setCardFormDirty}
          guard={guard}
          saving={saving}
        />
      </div>
      {conflict.dialog}
      {guard.dialog}
    </DocumentPreview>
  );
}
