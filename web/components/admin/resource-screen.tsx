/**
 * The one management screen: list (table or a per-screen card grid) with search, sort, pages and
 * selection, add/edit form (modal, toggled inline panel, or always-visible panel) that asks before
 * changes are lost, and delete confirmations that name the item (decision 0023).
 */
import { Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFetcher, useLoaderData, useRevalidator } from 'react-router';
import { commonCopy, draftCopy, lifecycleCopy, listCopy, namedConfirm } from '../../../shared/copy/admin';
import { CONTENT_STATES, type ContentState } from '../../../shared/drafts';
import { isOneOf, isRecord } from '../../../shared/narrow';
import { isItemSchedule } from '../../../shared/schedules';
import { resources, type FieldDef, type ResourceDef, type ResourceKey, type ScreenCopy } from '../../../shared/resources';
import { withReason, type ResourceIntent, type ResourceLoaderData } from '../../lib/admin/resource-data';
import { useSettled, useWritten, type Written } from '../../lib/admin/screen-data';
import { btn, card, input } from './classes';
import { ConfirmDialog } from './confirm-dialog';
import { viewOnSiteHref, type RowLifecycle } from './lifecycle-controls';
import { CardGrid, CardGridControls } from './card-grid';
import { BulkBar, ListSearch, ListSkeleton, Pager, type BulkAction } from './list-controls';
import { Modal } from './modal';
import { ResourceForm, type AnyRecord, type ResourceFormOptions } from './resource-form';
import { ResourceTable, type Column } from './resource-table';
import { EmptyState, ErrorView, PageHeader } from './ui';
import { useLeaveGuard } from './use-leave-guard';
import { missingCounts } from './translated-values';
import { TranslationFilter, filteredLanguage } from './translation-parts';
import { searchFieldsOf, useListFilter, useListView } from './use-list-view';

/** Sends a change to the screen's action (JSON): its outcome comes back as the fetcher's data. */
function useResourceWrite() {
  const fetcher = useFetcher<Written<unknown> | null>();
  const send = (intent: ResourceIntent) => void fetcher.submit({ ...intent }, { method: 'post', encType: 'application/json' });
  const sending = fetcher.state === 'idle' ? undefined : (fetcher.json as ResourceIntent | undefined);
  return { send, sending, fetcher };
}

/** A row's publishing state as the admin list sends it (a published item when the list has none). */
const stateOf = (row: AnyRecord): ContentState => (isOneOf(CONTENT_STATES, row.state) ? row.state : 'published');

/** What the form opens: the item's newest draft when it has one newer than the published state. */
const withDraft = (row: AnyRecord): AnyRecord => (isRecord(row.draft) ? { ...row, ...row.draft, _id: row._id } : row);

/** The record whose Edit button takes the focus once the list read after a write is shown ('' for the heading). */
interface FocusRequest {
  name: string;
  /** The read that was current when it was asked for: the focus waits for a newer one (none: the list shown is the new one). */
  after: Promise<unknown> | null;
}

/** What a card of a card-grid screen can do. */
interface CardContext {
  edit: (row: AnyRecord) => void;
  requestDelete: (row: AnyRecord) => void;
  pendingDelete: AnyRecord | null;
  cancelDelete: () => void;
  confirmDelete: () => void;
  deleting: boolean;
  /** Shown/Hidden and View on site of a row (RowActions' `lifecycle`). */
  lifecycle: (row: AnyRecord) => RowLifecycle;
}

interface ResourceScreenProps {
  resourceKey: ResourceKey;
  copy: ScreenCopy;
  toastMs: number;
  columns?: Column[];
  formMode?: 'modal' | 'inline' | 'always';
  /** The count above the list: `matched` is what the search and filters leave of `rows`. */
  subtitle?: (rows: AnyRecord[], matched: readonly AnyRecord[]) => ReactNode;
  toolbar?: (rows: AnyRecord[]) => ReactNode;
  /** Search and filters; `filtered` tells the empty state apart. */
  filter?: (rows: AnyRecord[]) => AnyRecord[];
  emptyFiltered?: string;
  listFooter?: (visible: AnyRecord[], all: AnyRecord[]) => ReactNode;
  /** The list as a card grid (the card's content; the grid adds its checkbox and drag handle). */
  renderCard?: (row: AnyRecord, context: CardContext) => ReactNode;
  /** The list renders its own confirmation (the team member card overlay). */
  inlineConfirm?: boolean;
  emptyAction?: string;
  loadingLabel?: string;
  /** The search box's placeholder (the spec's for the gallery and projects). */
  searchPlaceholder?: string;
  /** Bulk actions beside Delete selected (one entry each). */
  bulkActions?: readonly BulkAction[];
  formOptions?: ResourceFormOptions | ((rows: AnyRecord[]) => ResourceFormOptions);
}

export function ResourceScreen(props: ResourceScreenProps) {
  const { resourceKey, copy, formMode = 'modal' } = props;
  const def: ResourceDef = resources[resourceKey];
  const { list } = useLoaderData<ResourceLoaderData>();
  const settled = useSettled(list);
  const revalidator = useRevalidator();
  // an item not published shows its newest draft: nothing of it is live, and what was typed last is what staff look for
  const rows: AnyRecord[] = useMemo(
    () => (settled.value?.reply ?? []).map((row) => (row.published === false ? withDraft(row) : row)),
    [settled.value],
  );
  const error = settled.value?.error ?? '';
  const current = settled.current;
  const loading = !current;
  /** The form: whether it shows, the record it edits (none: a new one), and its key (a new key starts it afresh). */
  const [form, setForm] = useState<{ open: boolean; editing: AnyRecord | null; key: number }>({
    open: formMode === 'always',
    editing: null,
    key: 0,
  });
  const { open: formOpen, editing } = form;
  const [pendingDelete, setPendingDelete] = useState<AnyRecord | null>(null);
  const [bulkPending, setBulkPending] = useState<readonly AnyRecord[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty && formOpen);
  const headingId = useId();
  const removal = useResourceWrite();
  const visibilityWrite = useResourceWrite();
  const draftWrite = useResourceWrite();
  // a schedule saved from the form leaves it open: the list read after it shows the item as Scheduled
  const scheduleWrite = useResourceWrite();
  const orderWrite = useResourceWrite();
  const bulk = useResourceWrite();
  const deleting = removal.sending !== undefined || bulk.sending?.intent === 'bulk-delete';
  const switching = visibilityWrite.sending?.intent === 'visibility' ? visibilityWrite.sending.id : null;
  /** The order just dropped, shown at once while it is saved and until the list read after it is shown. */
  const [dropped, setDropped] = useState<{ ids: string[]; after: Promise<unknown> } | null>(null);
  if (dropped && orderWrite.fetcher.state === 'idle' && current && list !== dropped.after) setDropped(null);

  const order = dropped?.ids;
  const ordered = order ? [...rows].sort((a, b) => order.indexOf(a._id) - order.indexOf(b._id)) : rows;
  const searchFields = useMemo(() => searchFieldsOf(def.fields), [def]);
  /** A card grid sorts by its one-line text and choice fields, named by their form labels. */
  const sortOptions = useMemo(
    () =>
      (def.fields as readonly FieldDef[])
        .filter((field) => (field.kind === 'text' || field.kind === 'select') && !field.hiddenInForm)
        .map(({ name, label }) => ({ field: name, label })),
    [def],
  );
  // Shown/Hidden: hidden items are kept from the public site (decision 0021)
  const [visibility, setVisibilityFilter] = useListFilter('visibility');
  const byVisibility =
    visibility === 'shown' || visibility === 'hidden'
      ? ordered.filter((row) => Boolean(row.hidden) === (visibility === 'hidden'))
      : ordered;
  // Published, Draft, Changed since published (docs/decisions/0039)
  const [stateFilter, setStateFilter] = useListFilter('state');
  const byState = isOneOf(CONTENT_STATES, stateFilter) ? byVisibility.filter((row) => stateOf(row) === stateFilter) : byVisibility;
  // Missing Kannada: items with a text left in English (docs/decisions/0049)
  const [translationFilter, setTranslationFilter] = useListFilter('missing');
  const missingLanguage = filteredLanguage(translationFilter);
  const byTranslation = missingLanguage ? byState.filter((row) => (missingCounts(def, row)[missingLanguage] ?? 0) > 0) : byState;
  const filtered = props.filter ? props.filter(byTranslation) : byTranslation;
  const view = useListView(filtered, searchFields);

  const nameOf = (row: AnyRecord) => String(row[def.titleField] ?? '');
  const showForm = (open: boolean, record: AnyRecord | null) => {
    setForm((current) => ({ open, editing: record, key: current.key + 1 }));
    setDirty(false);
  };
  const openAdd = () => guard.attempt(() => showForm(true, null));
  const edit = (row: AnyRecord) =>
    guard.attempt(() => {
      showForm(true, row);
      // the inline form sits above the list
      if (formMode !== 'modal') window.scrollTo({ top: 0, behavior: 'smooth' });
    });
  const closeForm = () => showForm(formMode === 'always', null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const focusDone = useRef<FocusRequest | null>(null);
  // the form saved on its own (an upload with progress): the list is read again, then its Edit button takes the focus
  const saved = (record: AnyRecord) => {
    closeForm();
    setFocusRequest({ name: nameOf(record), after: list });
    void revalidator.revalidate();
  };
  // a new item's first autosave created it as a draft: the list shows it; the form, as it is, saves to it (docs/decisions/0046)
  const created = () => void revalidator.revalidate();
  // a write's outcome once the list read after it is shown
  const outcomeOf = (write: ReturnType<typeof useResourceWrite>) =>
    write.fetcher.state === 'idle' && settled.current ? (write.fetcher.data ?? undefined) : undefined;
  useWritten(outcomeOf(removal), (outcome) => {
    if (!outcome.ok || !pendingDelete) return;
    if (editing?._id === pendingDelete._id) closeForm();
    setPendingDelete(null);
    // its Delete button is gone: the heading takes the focus
    setFocusRequest({ name: '', after: null });
  });
  // unpublished or its draft discarded from the form: the form closes on the list read after it
  useWritten(outcomeOf(draftWrite), (outcome) => {
    if (outcome.ok) closeForm();
  });
  useWritten(outcomeOf(bulk), () => {
    view.clearSelection();
    if (!bulkPending) return;
    if (editing && bulkPending.some((row) => row._id === editing._id)) closeForm();
    setBulkPending(null);
    setFocusRequest({ name: '', after: null });
  });
  const confirmDelete = () => {
    if (pendingDelete) removal.send({ intent: 'delete', id: pendingDelete._id });
  };
  const lifecycle = (row: AnyRecord): RowLifecycle => ({
    hidden: Boolean(row.hidden),
    state: stateOf(row),
    schedule: isItemSchedule(row.schedule) ? row.schedule : null,
    onToggleHidden:
      switching === row._id
        ? undefined
        : () => visibilityWrite.send({ intent: 'visibility', id: row._id, name: nameOf(row), hidden: !row.hidden }),
    viewHref: viewOnSiteHref(def.publicPage, row._id, Boolean(row.hidden) || row.published === false),
    missing: missingCounts(def, row),
  });

  const reorder = (ids: string[]) => {
    setDropped({ ids, after: list });
    orderWrite.send({ intent: 'order', ids });
  };
  // the order is of the whole list: dragging within a search, a filter or a sort would be ambiguous; a page is a slice of it
  const canReorder = def.ordered === true && filtered.length === ordered.length && !view.query.trim() && !view.sort && ordered.length > 1;
  const reorderPage = (pageIds: string[]) => {
    const all = ordered.map((row) => row._id);
    all.splice((view.page - 1) * view.pageSize, pageIds.length, ...pageIds);
    reorder(all);
  };
  const idsOf = (targets: readonly AnyRecord[]) => targets.map((row) => row._id);
  const bulkActions: readonly BulkAction[] = [
    { label: listCopy.hideSelected, run: (targets) => bulk.send({ intent: 'bulk-visibility', ids: idsOf(targets), hidden: true }) },
    { label: listCopy.showSelected, run: (targets) => bulk.send({ intent: 'bulk-visibility', ids: idsOf(targets), hidden: false }) },
    { label: listCopy.deleteSelected, tone: 'danger', run: setBulkPending },
    ...(props.bulkActions ?? []),
  ];

  const visible = view.pageRows as AnyRecord[];
  useEffect(() => {
    // after the commit that drew the list read after the write, so the button is there (a frame callback could run before React draws)
    if (focusRequest === null || focusDone.current === focusRequest) return;
    if (focusRequest.after === list || !current) return;
    focusDone.current = focusRequest;
    const { name } = focusRequest;
    const selector = `button[aria-label="${CSS.escape(`${commonCopy.edit} ${name}`)}"]`;
    const editButton = name ? document.querySelector<HTMLElement>(selector) : null;
    (editButton ?? document.getElementById(headingId))?.focus();
  }, [focusRequest, visible, headingId, list, current]);
  const context: CardContext = {
    edit,
    requestDelete: setPendingDelete,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete,
    deleting,
    lifecycle,
  };
  const formView = (
    <ResourceForm
      key={form.key}
      resourceKey={resourceKey}
      record={editing ? withDraft(editing) : null}
      draftActions={
        editing
          ? {
              unpublish: () => draftWrite.send({ intent: 'unpublish', id: editing._id, name: nameOf(editing) }),
              discard: () => draftWrite.send({ intent: 'discard-draft', id: editing._id, name: nameOf(editing) }),
            }
          : undefined
      }
      scheduleAction={
        editing
          ? {
              busy: scheduleWrite.sending !== undefined,
              save: (times) => scheduleWrite.send({ intent: 'schedule', id: editing._id, name: nameOf(editing), ...times }),
            }
          : undefined
      }
      messages={{ created: copy.created, updated: copy.updated, saveFailed: withReason(copy.saveFailed) }}
      toastMs={props.toastMs}
      onSaved={saved}
      onCreated={created}
      onCancel={formMode === 'always' && !editing ? undefined : () => guard.attempt(closeForm)}
      onDirtyChange={setDirty}
      {...(typeof props.formOptions === 'function' ? props.formOptions(rows) : props.formOptions)}
    />
  );

  let listView: ReactNode;
  // while the first load (or a retry) runs: the list's shape, never a count of 0
  const firstLoad = loading && rows.length === 0;
  const showList = !firstLoad && !error && rows.length > 0;
  if (firstLoad) listView = <ListSkeleton label={props.loadingLabel} grid={Boolean(props.renderCard)} />;
  else if (error) listView = <ErrorView message={error} onRetry={() => void revalidator.revalidate()} />;
  else if (rows.length === 0)
    listView = (
      <EmptyState message={copy.empty}>
        {props.emptyAction ? (
          <button type="button" className={btn.primary} onClick={openAdd}>
            <Plus className="h-4 w-4" aria-hidden />
            {props.emptyAction}
          </button>
        ) : null}
      </EmptyState>
    );
  else if (visible.length === 0) listView = <EmptyState message={props.emptyFiltered ?? listCopy.noMatch} />;
  else if (props.renderCard) {
    const renderCard = props.renderCard;
    listView = (
      <CardGrid
        rows={visible}
        rowName={nameOf}
        renderCard={(row) => renderCard(row, context)}
        view={view}
        onReorder={canReorder ? reorderPage : undefined}
      />
    );
  } else
    listView = (
      <ResourceTable
        rows={visible}
        columns={props.columns ?? []}
        rowName={nameOf}
        onEdit={edit}
        onDelete={setPendingDelete}
        caption={copy.title}
        lifecycle={lifecycle}
        onReorder={canReorder ? reorderPage : undefined}
        view={view}
      />
    );

  return (
    <div>
      <PageHeader
        title={copy.title}
        subtitle={!firstLoad && !error ? props.subtitle?.(rows, view.matched) : undefined}
        headingId={headingId}
      >
        {copy.add && formMode !== 'always' ? (
          <button type="button" className={btn.primary} onClick={openAdd}>
            {copy.add.startsWith('+') ? null : <Plus className="h-4 w-4" aria-hidden />}
            {copy.add}
          </button>
        ) : null}
      </PageHeader>
      {'publicNote' in def && def.publicNote ? <p className="-mt-2 mb-4 text-sm text-gray-700">{def.publicNote}</p> : null}

      {formMode !== 'modal' && formOpen ? (
        <section className={`${card} mb-6 p-5`} aria-labelledby={`${resourceKey}-form-title`}>
          <h2 id={`${resourceKey}-form-title`} className="mb-4 text-lg font-semibold">
            {editing ? copy.formEdit : copy.formAdd}
          </h2>
          {formView}
        </section>
      ) : null}
      {formMode === 'modal' && formOpen ? (
        <Modal title={editing ? copy.formEdit : copy.formAdd} onClose={() => guard.attempt(closeForm)}>
          {formView}
        </Modal>
      ) : null}

      {showList ? (
        <ListSearch view={view} placeholder={props.searchPlaceholder}>
          <select
            aria-label={listCopy.visibilityFilter}
            className={`${input} w-auto`}
            value={visibility}
            onChange={(event) => setVisibilityFilter(event.currentTarget.value)}
          >
            <option value="">{listCopy.shownAndHidden}</option>
            <option value="shown">{lifecycleCopy.shown}</option>
            <option value="hidden">{lifecycleCopy.hidden}</option>
          </select>
          <select
            aria-label={draftCopy.stateFilter}
            className={`${input} w-auto`}
            value={stateFilter}
            onChange={(event) => setStateFilter(event.currentTarget.value)}
          >
            <option value="">{draftCopy.allStates}</option>
            {CONTENT_STATES.map((state) => (
              <option key={state} value={state}>
                {draftCopy.states[state]}
              </option>
            ))}
          </select>
          <TranslationFilter value={translationFilter} onChange={setTranslationFilter} className={`${input} w-auto`} />
          {props.toolbar?.(rows)}
          {props.renderCard ? <CardGridControls view={view} sortOptions={sortOptions} /> : null}
        </ListSearch>
      ) : null}
      {showList ? <BulkBar view={view} actions={bulkActions} /> : null}
      {listView}
      {showList && props.listFooter ? props.listFooter(view.matched as AnyRecord[], rows) : null}
      {showList ? <Pager view={view} total={rows.length} showCount={!props.subtitle && !props.listFooter} /> : null}

      {pendingDelete && !props.inlineConfirm ? (
        <ConfirmDialog
          message={
            typeof copy.confirm === 'string' ? namedConfirm(copy.confirm, def.noun, nameOf(pendingDelete)) : copy.confirm(pendingDelete)
          }
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
      {bulkPending ? (
        <ConfirmDialog
          message={listCopy.bulkConfirm(bulkPending.map(nameOf), def.noun)}
          busy={deleting}
          onConfirm={() => bulk.send({ intent: 'bulk-delete', ids: idsOf(bulkPending) })}
          onCancel={() => setBulkPending(null)}
        />
      ) : null}
      {guard.dialog}
    </div>
  );
}
