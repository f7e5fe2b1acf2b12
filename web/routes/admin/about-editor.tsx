/** About Us editor: four sections saved to the server (PUT /api/about-content), read by the public About page. */
import { History, Pencil, Trash2 } from 'lucide-react';
import { useCallback, useLayoutEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { z } from 'zod';
import {
  ABOUT_CARD_REQUIRED,
  ABOUT_FILL_ALL,
  aboutCardSchema,
  aboutHeroSchema,
  aboutMainSchema,
  aboutYearsSchema,
  type AboutContent,
  type AboutContentReply,
  type AboutContentSavedReply,
} from '../../../shared/about-content';
import { TOAST_SHORT_MS, aboutEditorCopy as copy, commonCopy, historyCopy } from '../../../shared/copy/admin';
import { btn, card, input, label } from '../../components/admin/classes';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { AdminDataView } from '../../components/admin/admin-data';
import { LabelledInput, PageHeader } from '../../components/admin/ui';
import { useLeaveGuard, type LeaveGuard } from '../../components/admin/use-leave-guard';
import { apiJson } from '../../lib/admin/api';
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
  return { about: await loadReply<AboutContentReply>('/about-content', copy.loadFailed) };
}

/** Every part saves the whole document. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const content = await submitted<AboutContent>(request);
  return runWrite(() => apiJson<AboutContentSavedReply>('/about-content', { method: 'PUT', body: content, fallback: copy.saveFailed }), {
    success: (reply) => reply.message || copy.saved,
    fallback: copy.saveFailed,
    duration: TOAST_SHORT_MS,
  });
}

/** A save's reply holds the document as stored: the editor takes it from there, with no second read. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/** Sends the whole document to the screen's action. */
function useSave() {
  const fetcher = useFetcher<Written<AboutContentSavedReply>>();
  const save = (content: AboutContent) => void fetcher.submit(content, { method: 'put', encType: 'application/json' });
  return { save, busy: fetcher.state !== 'idle', outcome: fetcher.data };
}

/** Tells the editor whether a part (a section or the card form) holds changes not saved. */
type OnDirty = (part: string, dirty: boolean) => void;

function SectionForm({
  section,
  content,
  onSaved,
  onDirty,
}: {
  section: (typeof sections)[number];
  content: AboutContent;
  onSaved: (c: AboutContent) => void;
  onDirty: OnDirty;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...(content[section.key] as Record<string, string>) }));
  const [error, setError] = useState('');
  const { save, busy, outcome } = useSave();
  useWritten(outcome, (written) => (written.ok ? onSaved(written.reply.data) : setError(written.error)));
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

function CardsEditor({
  content,
  onSaved,
  onDirty,
  guard,
}: {
  content: AboutContent;
  onSaved: (c: AboutContent) => void;
  onDirty: OnDirty;
  guard: LeaveGuard;
}) {
  const [draft, setDraft] = useState<{ title: string; description: string }>({ title: '', description: '' });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Card | null>(null);
  // what the last save was: the card form's (cleared once saved) or a delete (its question closes either way)
  const [sent, setSent] = useState<'card' | 'delete'>('card');
  const { save, busy, outcome } = useSave();
  useWritten(outcome, (written) => {
    if (sent === 'delete') setPendingDelete(null);
    if (!written.ok) return setError(written.error);
    onSaved(written.reply.data);
    if (sent === 'card') {
      setEditingId(null);
      setDraft({ title: '', description: '' });
    }
  });
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
  const { about } = useLoaderData<typeof clientLoader>();
  return (
    <div>
      <PageHeader title={copy.title} subtitle={copy.intro}>
        <Link to="/admin/history/about/-" className={btn.secondary}>
          <History className="h-4 w-4" aria-hidden />
          {historyCopy.link}
        </Link>
      </PageHeader>
      <AdminDataView loaded={about}>{({ data }) => <Editor stored={data} />}</AdminDataView>
    </div>
  );
}

function Editor({ stored }: { stored: AboutContent }) {
  const [content, setContent] = useState(stored);
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
    <>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {sections.map((section) => (
          <SectionForm key={section.key} section={section} content={content} onSaved={setContent} onDirty={onDirty} />
        ))}
        <CardsEditor content={content} onSaved={setContent} onDirty={onDirty} guard={guard} />
      </div>
      {guard.dialog}
    </>
  );
}
