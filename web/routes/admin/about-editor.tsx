/**
 * About Us editor: four sections saved to the server (PUT /api/about-content), read by the public About page. Each save
 * names the revision the editor stands on; someone else's save since opens the edit-conflict dialog (docs/decisions/0044).
 */
import { History, Pencil, Trash2 } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
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
import { TOAST_SHORT_MS, aboutEditorCopy as copy, commonCopy, historyCopy } from '../../../shared/copy/admin';
import { btn, card, input, label } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { DocumentPreview, usePreviewPart } from '../../components/admin/document-preview';
import { EditConflictDialog, type ConflictField, type Side } from '../../components/admin/edit-conflict-dialog';
import { AdminDataView } from '../../components/admin/admin-data';
import { LabelledInput, PageHeader } from '../../components/admin/ui';
import { useLeaveGuard, type LeaveGuard } from '../../components/admin/use-leave-guard';
import type { EditConflict } from '../../../shared/edit-conflicts';
import { ApiError, apiJson, baseRevision } from '../../lib/admin/api';
import { loadDocumentDraft } from '../../lib/admin/document-drafts';
import { loadReply, runWrite, submitted, useWritten, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/about-editor';

type SectionKey = 'hero' | 'main' | 'years';
type Card = AboutContent['cards'][number];

const sections: { key: SectionKey; title: string; fields: Record<string, string>; schema: z.ZodType; long: string[] }[] = [
  { key: 'hero', title: copy.hero, fields: copy.heroFields, schema: aboutHeroSchema, long: [] },
  { key: 'main', title: copy.main, fields: copy.mainFields, schema: aboutMainSchema, long: ['description'] },
  { key: 'years', title: copy.years, fields: copy.yearsFields, schema: aboutYearsSchema, long: ['description'] },
];

export async function clientLoader() {
  const [about, draft] = await Promise.all([
    loadReply<AboutContentReply>('/about-content', copy.loadFailed),
    // read for the document's revision, the base of the editor's saves (docs/decisions/0044)
    loadDocumentDraft('/about-content', storedAboutContentSchema),
  ]);
  return { about, revision: draft.revision, drafted: draft.draft !== null };
}

/** What a part sends: the whole document, and the revision the editor stands on (left out when unknown: not checked). */
interface AboutSave {
  content: AboutContent;
  revision?: string;
}

/** Every part saves the whole document. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { content, revision } = await submitted<AboutSave>(request);
  return runWrite(
    () =>
      apiJson<AboutContentSavedReply>('/about-content', {
        method: 'PUT',
        body: content,
        headers: baseRevision(revision),
        fallback: copy.saveFailed,
      }),
    {
      success: (reply) => reply.message || copy.saved,
      fallback: copy.saveFailed,
      // someone else's change is shown in the conflict dialog, not as a failure
      failureToast: (failure) => !(failure instanceof ApiError && failure.conflict),
      duration: TOAST_SHORT_MS,
    },
  );
}

/** A save's reply holds the document as stored: the editor takes it from there, with no second read. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/**
 * What the editor shares with its parts: the revision every save names as its base (the one opened, then each save's
 * own) and where a save that met someone else's change goes: the dialog, with the document it sent and how to go on.
 */
interface Saving {
  revision: () => string | undefined;
  setRevision: (revision: string) => void;
  onConflict: (met: EditConflict, sent: AboutContent, settle: (next: AboutContent, resend: boolean) => void) => void;
}

/** Sends the whole document to the screen's action; `onSaved` takes the stored one, `onFailed` a failure of any other kind. */
function useSave(saving: Saving, onSaved: (content: AboutContent) => void, onFailed: (error: string) => void) {
  const fetcher = useFetcher<Written<AboutContentSavedReply>>();
  const [sent, setSent] = useState<AboutContent | null>(null);
  const save = (content: AboutContent) => {
    setSent(content);
    const body: AboutSave = { content, ...(saving.revision() ? { revision: saving.revision() } : {}) };
    void fetcher.submit({ ...body }, { method: 'put', encType: 'application/json' });
  };
  useWritten(fetcher.data, (written) => {
    if (written.ok) {
      saving.setRevision(written.reply.revision);
      return onSaved(written.reply.data);
    }
    if (written.conflict && sent) return saving.onConflict(written.conflict, sent, (next, resend) => (resend ? save(next) : undefined));
    onFailed(written.error);
  });
  return { save, busy: fetcher.state !== 'idle' };
}

/** Tells the editor whether a part (a section or the card form) holds changes not saved. */
type OnDirty = (part: string, dirty: boolean) => void;

/** The document as the form shows it, place by place ("hero.title", "cards"): what an edit conflict compares and merges. */
function placesOf(content: AboutContent): { name: string; label: string; text: string }[] {
  const fields = sections.flatMap((section) => {
    const part = content[section.key] as Record<string, string>;
    return Object.entries(section.fields).map(([name, text]) => ({
      name: `${section.key}.${name}`,
      label: copy.placeLabel(section.title, text),
      text: part[name] ?? '',
    }));
  });
  const cards = content.cards.map((item) => `${item.title}: ${item.description}`).join('\n');
  return [...fields, { name: 'cards', label: copy.cards, text: cards }];
}

/** `base` with each place taken from `theirs` where `choose` says so (the cards as one). */
function mergedDocument(base: AboutContent, theirs: AboutContent, choose: (place: string) => Side): AboutContent {
  const next: AboutContent = { ...base, cards: choose('cards') === 'theirs' ? theirs.cards : base.cards };
  for (const section of sections) {
    const part = { ...(base[section.key] as Record<string, string>) };
    const their = theirs[section.key] as Record<string, string>;
    for (const name of Object.keys(section.fields)) if (choose(`${section.key}.${name}`) === 'theirs') part[name] = their[name] ?? '';
    (next as Record<SectionKey, unknown>)[section.key] = part;
  }
  return next;
}

function SectionForm({
  section,
  content,
  onSaved,
  onDirty,
  saving,
}: {
  section: (typeof sections)[number];
  content: AboutContent;
  onSaved: (c: AboutContent) => void;
  onDirty: OnDirty;
  saving: Saving;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...(content[section.key] as Record<string, string>) }));
  const [error, setError] = useState('');
  usePreviewPart(section.key, values);
  const { save, busy } = useSave(
    {
      ...saving,
      // the section's fields become what the conflict was settled to, whether saved again or not
      onConflict: (met, sent, resend) =>
        saving.onConflict(met, sent, (next, again) => {
          setValues({ ...(next[section.key] as Record<string, string>) });
          resend(next, again);
        }),
    },
    onSaved,
    setError,
  );
  const [confirmReset, setConfirmReset] = useState(false);
  // measured against what is saved: after a save the section is unchanged again
  const saved = content[section.key] as Record<string, string>;
  const dirty = Object.keys(section.fields).some((name) => (values[name] ?? '') !== (saved[name] ?? ''));
  // a layout effect: the editor knows before the next key or click
  useLayoutEffect(() => onDirty(section.key, dirty), [onDirty, section.key, dirty]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = section.schema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ABOUT_FILL_ALL);
    setError('');
    save({ ...content, [section.key]: parsed.data } as AboutContent);
  };
  const sectionId = `about-${section.key}`;
  return (
    <section className={`${card} p-5`} aria-labelledby={sectionId}>
      <h2 id={sectionId} className="mb-4 text-lg font-semibold">
        {section.title}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        {Object.entries(section.fields).map(([name, text]) => {
          const id = `${sectionId}-${name}`;
          const props = {
            id,
            className: input,
            value: values[name] ?? '',
            onChange: (e: { currentTarget: { value: string } }) => setValues({ ...values, [name]: e.currentTarget.value }),
          };
          return (
            <div key={name}>
              <label htmlFor={id} className={label}>
                {text}
              </label>
              {section.long.includes(name) ? <textarea rows={4} {...props} /> : <input {...props} />}
            </div>
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
          <button type="submit" className={btn.primary} disabled={busy}>
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
            setValues(Object.fromEntries(Object.keys(values).map((key) => [key, ''])));
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

function CardsEditor({
  content,
  onSaved,
  onDirty,
  guard,
  saving,
}: {
  content: AboutContent;
  onSaved: (c: AboutContent) => void;
  onDirty: OnDirty;
  guard: LeaveGuard;
  saving: Saving;
}) {
  const [draft, setDraft] = useState<{ title: string; description: string }>({ title: '', description: '' });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Card | null>(null);
  // what the last save was: the card form's (cleared once saved) or a delete (its question closes either way)
  const [sent, setSent] = useState<'card' | 'delete'>('card');
  const { save, busy } = useSave(
    {
      ...saving,
      onConflict: (met, sentContent, resend) => {
        setPendingDelete(null);
        saving.onConflict(met, sentContent, resend);
      },
    },
    (saved) => {
      if (sent === 'delete') setPendingDelete(null);
      onSaved(saved);
      if (sent === 'card') {
        setEditingId(null);
        setDraft({ title: '', description: '' });
      }
    },
    (failed) => {
      if (sent === 'delete') setPendingDelete(null);
      setError(failed);
    },
  );
  usePreviewPart('cards', withCardDraft(content.cards, editingId, draft));
  const editedCard = content.cards.find((c) => c.id === editingId);
  const dirty = draft.title !== (editedCard?.title ?? '') || draft.description !== (editedCard?.description ?? '');
  useLayoutEffect(() => onDirty('cards', dirty), [onDirty, dirty]);
  // switching the card being edited discards only the card form's changes: the sections' stay, so ask only for these
  const switchCard = (run: () => void) => (dirty ? guard.attempt(run) : run());

  const persist = (cards: Card[], kind: 'card' | 'delete') => {
    setSent(kind);
    save({ ...content, cards });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a new card gets a time-based id; editing keeps the card's id
    const card = { id: editingId ?? String(Date.now()), ...draft };
    const parsed = aboutCardSchema.safeParse(card);
    if (!parsed.success) return setError(ABOUT_CARD_REQUIRED);
    setError('');
    const cards = editingId ? content.cards.map((c) => (c.id === editingId ? parsed.data : c)) : [...content.cards, parsed.data];
    persist(cards, 'card');
  };
  return (
    <section className={`${card} p-5`} aria-labelledby="about-cards">
      <h2 id="about-cards" className="mb-4 text-lg font-semibold">
        {copy.cards}
      </h2>
      <ul className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {content.cards.map((item) => (
          <li key={item.id} className="rounded-lg border border-gray-200 p-3">
            <p className="font-semibold">{item.title}</p>
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
        <LabelledInput
          id="card-title"
          label={copy.cardFields.title}
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        />
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
                })
              }
            >
              {copy.cancelEdit}
            </button>
          ) : null}
          <button type="submit" className={btn.primary} disabled={busy}>
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
              content.cards.filter((c) => c.id !== pendingDelete.id),
              'delete',
            )
          }
        />
      ) : null}
    </section>
  );
}

export default function AboutEditor() {
  const { about, revision, drafted } = useLoaderData<typeof clientLoader>();
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro}>
        <Link to="/admin/history/about/-" className={btn.secondary}>
          <History className="h-4 w-4" aria-hidden />
          {historyCopy.link}
        </Link>
      </PageHeader>
      <AdminDataView loaded={about}>{({ data }) => <Editor stored={data} revision={revision} drafted={drafted} />}</AdminDataView>
    </div>
  );
}

function Editor({ stored, revision, drafted }: { stored: AboutContent; revision: string | undefined; drafted: boolean }) {
  const [content, setContent] = useState(stored);
  const [conflict, setConflict] = useState<{
    met: EditConflict;
    sent: AboutContent;
    settle: (next: AboutContent, resend: boolean) => void;
  } | null>(null);
  // the revision every save names as its base (a ref: a save reads it after the others' replies)
  const revisionRef = useRef(revision);
  const saving: Saving = {
    revision: () => revisionRef.current,
    setRevision: (next) => {
      revisionRef.current = next;
    },
    onConflict: useCallback<Saving['onConflict']>((met, sent, settle) => setConflict({ met, sent, settle }), []),
  };
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(() => new Set());
  const onDirty = useCallback<OnDirty>(
    (part, dirty) =>
      setDirtyParts((current) => {
        if (current.has(part) === dirty) return current;
        const next = new Set(current);
        if (dirty) next.add(part);
        else next.delete(part);
        return next;
      }),
    [],
  );
  const guard = useLeaveGuard(dirtyParts.size > 0);
  return (
    <DocumentPreview document="about" value={content} drafted={drafted}>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {sections.map((section) => (
          <SectionForm key={section.key} section={section} content={content} onSaved={setContent} onDirty={onDirty} saving={saving} />
        ))}
        <CardsEditor content={content} onSaved={setContent} onDirty={onDirty} guard={guard} saving={saving} />
      </div>
      {conflict ? (
        <AboutConflict conflict={conflict} content={content} saving={saving} onSettled={setContent} onClose={() => setConflict(null)} />
      ) : null}
      {guard.dialog}
    </DocumentPreview>
  );
}

/**
 * The edit-conflict dialog over the document: every place of theirs against what the save sent; settled, the editor
 * stands on their revision and shows their document as saved, and the part that saved takes the settled document.
 */
function AboutConflict({
  conflict,
  content,
  saving,
  onSettled,
  onClose,
}: {
  conflict: { met: EditConflict; sent: AboutContent; settle: (next: AboutContent, resend: boolean) => void };
  content: AboutContent;
  saving: Saving;
  onSettled: (theirs: AboutContent) => void;
  onClose: () => void;
}) {
  const { met, sent } = conflict;
  const parsed = storedAboutContentSchema.safeParse(met.values);
  const theirs = parsed.success ? parsed.data : content;
  const opened = new Map(placesOf(content).map((place) => [place.name, place.text]));
  const theirPlaces = new Map(placesOf(theirs).map((place) => [place.name, place.text]));
  const fields: ConflictField[] = placesOf(sent).map((place) => ({
    name: place.name,
    label: place.label,
    theirs: theirPlaces.get(place.name) ?? '',
    mine: place.text,
    changedByMe: place.text !== opened.get(place.name),
  }));
  const settle = (choose: (place: string) => Side, resend: boolean) => {
    saving.setRevision(met.revision);
    onSettled(theirs);
    onClose();
    conflict.settle(mergedDocument(sent, theirs, choose), resend);
  };
  return (
    <EditConflictDialog
      conflict={met}
      fields={fields}
      images={null}
      onKeepMine={() => settle(() => 'mine', true)}
      onTakeTheirs={() => settle(() => 'theirs', false)}
      onMerge={(choices) => settle((place) => choices[place] ?? 'mine', true)}
      onClose={onClose}
    />
  );
}
