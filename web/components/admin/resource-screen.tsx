/**
 * The one management screen: list (table or a per-screen card grid) with search, sort, pages and
 * selection, add/edit form (modal, toggled inline panel, or always-visible panel) that asks before
 * changes are lost, and delete confirmations that name the item (decision 0023).
 */
import { Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { commonCopy, lifecycleCopy, listCopy, namedConfirm } from '../../../shared/copy/admin';
import { resources, type FieldDef, type ResourceKey, type ScreenCopy } from '../../../shared/resources';
import { deleteRecord, errorText, restoreFromTrash, saveOrder, setVisibility } from '../../lib/admin/api';
import { btn, card } from './classes';
import { ConfirmDialog } from './confirm-dialog';
import { viewOnSiteHref, type RowLifecycle } from './lifecycle-controls';
import { CardGrid, CardGridControls } from './card-grid';
import { BulkBar, ListSearch, ListSkeleton, Pager, type BulkAction } from './list-controls';
import { Modal } from './modal';
import { ResourceForm, type AnyRecord, type ResourceFormOptions } from './resource-form';
import { ResourceTable, type Column } from './resource-table';
import { EmptyState, ErrorView, PageHeader } from './ui';
import { useLeaveGuard } from './use-leave-guard';
import { searchFieldsOf, useListView } from './use-list-view';
import { useResourceList } from './use-resource-list';

/** Deletes at once in a bulk delete: each also removes image files, so a few at a time. */
const BULK_DELETE_PARALLEL = 4;

type Reasoned = string | ((reason: string) => string);
const withReason = (copy: Reasoned) => (reason: string) => (typeof copy === 'string' ? reason || copy : copy(reason));

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
  subtitle?: (rows: AnyRecord[]) => ReactNode;
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
  const { resourceKey, copy, toastMs, formMode = 'modal' } = props;
  const def = resources[resourceKey];
  const { rows, loading, error, reload } = useResourceList(resourceKey, copy.fetchFailed, toastMs, copy.loadFailed);
  const [editing, setEditing] = useState<AnyRecord | null>(null);
  const [formOpen, setFormOpen] = useState(formMode === 'always');
  const [formKey, setFormKey] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<AnyRecord | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [switching, setSwitching] = useState<string | null>(null);
  /** The order just dropped, shown at once while it is saved and the list reloads. */
  const [dropped, setDropped] = useState<string[] | null>(null);
  const [bulkPending, setBulkPending] = useState<readonly AnyRecord[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty && formOpen);
  const headingId = useId();

  const ordered = dropped ? [...rows].sort((a, b) => dropped.indexOf(a._id) - dropped.indexOf(b._id)) : rows;
  const searchFields = useMemo(() => searchFieldsOf(def.fields), [def]);
  /** A card grid sorts by its one-line text and choice fields, named by their form labels. */
  const sortOptions = useMemo(
    () =>
      (def.fields as readonly FieldDef[])
        .filter((field) => (field.kind === 'text' || field.kind === 'select') && !field.hiddenInForm)
        .map(({ name, label }) => ({ field: name, label })),
    [def],
  );
  const filtered = props.filter ? props.filter(ordered) : ordered;
  const view = useListView(filtered, searchFields);

  const nameOf = (row: AnyRecord) => String(row[def.titleField] ?? '');
  const openAdd = () =>
    guard.attempt(() => {
      setEditing(null);
      setDirty(false);
      setFormKey((key) => key + 1);
      setFormOpen(true);
    });
  const edit = (row: AnyRecord) =>
    guard.attempt(() => {
      setEditing(row);
      setDirty(false);
      setFormKey((key) => key + 1);
      setFormOpen(true);
      // the inline form sits above the list
      if (formMode !== 'modal') window.scrollTo({ top: 0, behavior: 'smooth' });
    });
  const closeForm = () => {
    setEditing(null);
    setDirty(false);
    setFormKey((key) => key + 1);
    setFormOpen(formMode === 'always');
  };
  /** The record whose Edit button takes the focus once the reloaded list is drawn ('' for the heading). */
  const [focusAfterReload, setFocusAfterReload] = useState<{ name: string } | null>(null);
  const focusDone = useRef<{ name: string } | null>(null);
  /** Reloads the list, then focuses the named record's Edit button when it is on the page shown, else the heading. */
  const reloadAndFocus = async (name: string) => {
    await reload();
    setFocusAfterReload({ name });
  };
  const saved = (record: AnyRecord) => {
    closeForm();
    void reloadAndFocus(nameOf(record));
  };
  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      const deleted = pendingDelete;
      await deleteRecord(def, deleted._id);
      // the item is in the trash: Undo brings it back for a few seconds (the Trash screen after that)
      toast.success(copy.deleted, {
        duration: Math.max(toastMs, lifecycleCopy.undoMs),
        action: { label: lifecycleCopy.undo, onClick: () => void undoDelete(deleted) },
      });
      if (editing?._id === pendingDelete._id) closeForm();
      setPendingDelete(null);
      // its Delete button is gone: the heading takes the focus
      await reloadAndFocus('');
    } catch (failure) {
      toast.error(withReason(copy.deleteFailed)(errorText(failure, '')), { duration: toastMs });
    } finally {
      setDeleting(false);
    }
  };

  const undoDelete = async (row: AnyRecord) => {
    try {
      await restoreFromTrash(resourceKey, row._id);
      toast.success(lifecycleCopy.restored(def.noun), { duration: toastMs });
    } catch (failure) {
      toast.error(lifecycleCopy.restoreFailed(errorText(failure, '')), { duration: toastMs });
    }
    await reload();
  };
  const toggleHidden = async (row: AnyRecord) => {
    const hidden = !row.hidden;
    setSwitching(row._id);
    try {
      await setVisibility(def, row._id, hidden);
      toast.success(hidden ? lifecycleCopy.madeHidden(nameOf(row)) : lifecycleCopy.madeShown(nameOf(row)), { duration: toastMs });
      await reload();
    } catch (failure) {
      toast.error(lifecycleCopy.visibilityFailed(errorText(failure, '')), { duration: toastMs });
    } finally {
      setSwitching(null);
    }
  };
  const lifecycle = (row: AnyRecord): RowLifecycle => ({
    hidden: Boolean(row.hidden),
    onToggleHidden: switching === row._id ? undefined : () => void toggleHidden(row),
    viewHref: viewOnSiteHref(def.publicPage, row._id, Boolean(row.hidden)),
  });

  const reorder = async (ids: string[]) => {
    setDropped(ids);
    try {
      await saveOrder(def, ids);
      toast.success(lifecycleCopy.orderSaved, { duration: toastMs });
    } catch (failure) {
      toast.error(lifecycleCopy.orderFailed(errorText(failure, '')), { duration: toastMs });
    }
    await reload();
    setDropped(null);
  };
  // the order is of the whole list: dragging within a search, a filter or a sort would be ambiguous; a page is a slice of it
  const canReorder = def.ordered === true && filtered.length === ordered.length && !view.query.trim() && !view.sort && ordered.length > 1;
  const reorderPage = (pageIds: string[]) => {
    const all = ordered.map((row) => row._id);
    all.splice((view.page - 1) * view.pageSize, pageIds.length, ...pageIds);
    void reorder(all);
  };
  const bulkVisibility = async (targets: readonly AnyRecord[], hidden: boolean) => {
    const results = await Promise.allSettled(targets.map((row) => setVisibility(def, row._id, hidden)));
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) toast.error(listCopy.bulkVisibilityFailed(failed, targets.length), { duration: toastMs });
    if (failed < targets.length) toast.success(listCopy.bulkVisibilityDone(targets.length - failed, hidden), { duration: toastMs });
    view.clearSelection();
    await reload();
  };
  const bulkDelete = async (targets: readonly AnyRecord[]) => {
    setDeleting(true);
    let failed = 0;
    for (let start = 0; start < targets.length; start += BULK_DELETE_PARALLEL) {
      const batch = targets.slice(start, start + BULK_DELETE_PARALLEL);
      const results = await Promise.allSettled(batch.map((row) => deleteRecord(def, row._id)));
      failed += results.filter((result) => result.status === 'rejected').length;
    }
    if (failed > 0) toast.error(listCopy.bulkDeleteFailed(failed, targets.length), { duration: toastMs });
    if (failed < targets.length) toast.success(listCopy.bulkDeleted(targets.length - failed, def.noun), { duration: toastMs });
    if (editing && targets.some((row) => row._id === editing._id)) closeForm();
    setBulkPending(null);
    setDeleting(false);
    view.clearSelection();
    await reloadAndFocus('');
  };
  const bulkActions: readonly BulkAction[] = [
    { label: listCopy.hideSelected, run: (targets) => void bulkVisibility(targets, true) },
    { label: listCopy.showSelected, run: (targets) => void bulkVisibility(targets, false) },
    { label: listCopy.deleteSelected, tone: 'danger', run: setBulkPending },
    ...(props.bulkActions ?? []),
  ];

  const visible = view.pageRows as AnyRecord[];
  useEffect(() => {
    // after the commit that drew the reloaded rows, so the button is there (a frame callback could run before React draws)
    if (focusAfterReload === null || focusDone.current === focusAfterReload) return;
    focusDone.current = focusAfterReload;
    const { name } = focusAfterReload;
    const selector = `button[aria-label="${CSS.escape(`${commonCopy.edit} ${name}`)}"]`;
    const editButton = name ? document.querySelector<HTMLElement>(selector) : null;
    (editButton ?? document.getElementById(headingId))?.focus();
  }, [focusAfterReload, visible, headingId]);
  const context: CardContext = {
    edit,
    requestDelete: setPendingDelete,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete: () => void confirmDelete(),
    deleting,
    lifecycle,
  };
  const form = (
    <ResourceForm
      key={formKey}
      resourceKey={resourceKey}
      record={editing}
      messages={{ created: copy.created, updated: copy.updated, saveFailed: withReason(copy.saveFailed) }}
      toastMs={toastMs}
      onSaved={saved}
      onCancel={formMode === 'always' && !editing ? undefined : () => guard.attempt(closeForm)}
      onDirtyChange={setDirty}
      {...(typeof props.formOptions === 'function' ? props.formOptions(rows) : props.formOptions)}
    />
  );

  let list: ReactNode;
  // while the first load (or a retry) runs: the list's shape, never a count of 0
  const firstLoad = loading && rows.length === 0;
  const showList = !firstLoad && !error && rows.length > 0;
  if (firstLoad) list = <ListSkeleton label={props.loadingLabel} grid={Boolean(props.renderCard)} />;
  else if (error) list = <ErrorView message={error} onRetry={() => void reload()} />;
  else if (rows.length === 0)
    list = (
      <EmptyState message={copy.empty}>
        {props.emptyAction ? (
          <button type="button" className={btn.primary} onClick={openAdd}>
            <Plus className="h-4 w-4" aria-hidden />
            {props.emptyAction}
          </button>
        ) : null}
      </EmptyState>
    );
  else if (visible.length === 0) list = <EmptyState message={props.emptyFiltered ?? listCopy.noMatch} />;
  else if (props.renderCard) {
    const renderCard = props.renderCard;
    list = (
      <CardGrid
        rows={visible}
        rowName={nameOf}
        renderCard={(row) => renderCard(row, context)}
        view={view}
        onReorder={canReorder ? reorderPage : undefined}
      />
    );
  } else
    list = (
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
      <PageHeader title={copy.title} subtitle={!firstLoad && !error ? props.subtitle?.(rows) : undefined} headingId={headingId}>
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
          {form}
        </section>
      ) : null}
      {formMode === 'modal' && formOpen ? (
        <Modal title={editing ? copy.formEdit : copy.formAdd} onClose={() => guard.attempt(closeForm)}>
          {form}
        </Modal>
      ) : null}

      {showList ? (
        <ListSearch view={view} placeholder={props.searchPlaceholder}>
          {props.toolbar?.(rows)}
          {props.renderCard ? <CardGridControls view={view} sortOptions={sortOptions} /> : null}
        </ListSearch>
      ) : null}
      {showList ? <BulkBar view={view} actions={bulkActions} /> : null}
      {list}
      {showList && props.listFooter ? props.listFooter(view.matched as AnyRecord[], rows) : null}
      {showList ? <Pager view={view} total={filtered.length} showCount={!props.subtitle && !props.listFooter} /> : null}

      {pendingDelete && !props.inlineConfirm ? (
        <ConfirmDialog
          message={
            typeof copy.confirm === 'string' ? namedConfirm(copy.confirm, def.noun, nameOf(pendingDelete)) : copy.confirm(pendingDelete)
          }
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
      {bulkPending ? (
        <ConfirmDialog
          message={listCopy.bulkConfirm(bulkPending.map(nameOf), def.noun)}
          busy={deleting}
          onConfirm={() => void bulkDelete(bulkPending)}
          onCancel={() => setBulkPending(null)}
        />
      ) : null}
      {guard.dialog}
    </div>
  );
}
