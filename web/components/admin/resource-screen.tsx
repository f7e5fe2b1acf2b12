/**
 * The one management screen: list (table or a per-screen card grid), add/edit form
 * (modal, toggled inline panel, or always-visible panel) and delete confirmation.
 */
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { resources, type ResourceKey, type ScreenCopy } from '../../../shared/resources';
import { deleteRecord, errorText } from '../../lib/admin/api';
import { btn, card } from './classes';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';
import { ResourceForm, type AnyRecord, type ResourceFormOptions } from './resource-form';
import { ResourceTable, type Column } from './resource-table';
import { EmptyState, ErrorView, PageHeader, Spinner } from './ui';
import { useResourceList } from './use-resource-list';

type Reasoned = string | ((reason: string) => string);
const withReason = (copy: Reasoned) => (reason: string) => (typeof copy === 'string' ? reason || copy : copy(reason));

interface ListContext {
  rows: AnyRecord[];
  edit: (row: AnyRecord) => void;
  requestDelete: (row: AnyRecord) => void;
  pendingDelete: AnyRecord | null;
  cancelDelete: () => void;
  confirmDelete: () => void;
  deleting: boolean;
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
  renderList?: (context: ListContext) => ReactNode;
  /** The list renders its own confirmation (the team member card overlay). */
  inlineConfirm?: boolean;
  emptyAction?: string;
  loadingLabel?: string;
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

  const nameOf = (row: AnyRecord) => String(row[def.titleField] ?? '');
  const openAdd = () => {
    setEditing(null);
    setFormKey((key) => key + 1);
    setFormOpen(true);
  };
  const edit = (row: AnyRecord) => {
    setEditing(row);
    setFormKey((key) => key + 1);
    setFormOpen(true);
    // the inline form sits above the list
    if (formMode !== 'modal') window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const closeForm = () => {
    setEditing(null);
    setFormKey((key) => key + 1);
    setFormOpen(formMode === 'always');
  };
  const saved = () => {
    closeForm();
    void reload();
  };
  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteRecord(def, pendingDelete._id);
      toast.success(copy.deleted, { duration: toastMs });
      if (editing?._id === pendingDelete._id) closeForm();
      setPendingDelete(null);
      await reload();
    } catch (failure) {
      toast.error(withReason(copy.deleteFailed)(errorText(failure, '')), { duration: toastMs });
    } finally {
      setDeleting(false);
    }
  };

  const visible = props.filter ? props.filter(rows) : rows;
  const context: ListContext = {
    rows: visible,
    edit,
    requestDelete: setPendingDelete,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete: () => void confirmDelete(),
    deleting,
  };
  const form = (
    <ResourceForm
      key={formKey}
      resourceKey={resourceKey}
      record={editing}
      messages={{ created: copy.created, updated: copy.updated, saveFailed: withReason(copy.saveFailed) }}
      toastMs={toastMs}
      onSaved={saved}
      onCancel={formMode === 'always' && !editing ? undefined : closeForm}
      {...(typeof props.formOptions === 'function' ? props.formOptions(rows) : props.formOptions)}
    />
  );

  let list: ReactNode;
  if (loading && rows.length === 0) list = <Spinner label={props.loadingLabel} />;
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
  else if (visible.length === 0) list = <EmptyState message={props.emptyFiltered ?? copy.empty} />;
  else if (props.renderList) list = props.renderList(context);
  else
    list = (
      <ResourceTable
        rows={visible}
        columns={props.columns ?? []}
        rowName={nameOf}
        onEdit={edit}
        onDelete={setPendingDelete}
        caption={copy.title}
      />
    );

  return (
    <div>
      <PageHeader title={copy.title} subtitle={props.subtitle?.(rows)}>
        {copy.add && formMode !== 'always' ? (
          <button type="button" className={btn.primary} onClick={openAdd}>
            {copy.add.startsWith('+') ? null : <Plus className="h-4 w-4" aria-hidden />}
            {copy.add}
          </button>
        ) : null}
      </PageHeader>

      {formMode !== 'modal' && formOpen ? (
        <section className={`${card} mb-6 p-5`} aria-labelledby={`${resourceKey}-form-title`}>
          <h2 id={`${resourceKey}-form-title`} className="mb-4 text-lg font-semibold">
            {editing ? copy.formEdit : copy.formAdd}
          </h2>
          {form}
        </section>
      ) : null}
      {formMode === 'modal' && formOpen ? (
        <Modal title={editing ? copy.formEdit : copy.formAdd} onClose={closeForm}>
          {form}
        </Modal>
      ) : null}

      {props.toolbar && rows.length > 0 ? <div className="mb-4">{props.toolbar(rows)}</div> : null}
      {list}
      {props.listFooter && rows.length > 0 ? props.listFooter(visible, rows) : null}

      {pendingDelete && !props.inlineConfirm ? (
        <ConfirmDialog
          message={typeof copy.confirm === 'string' ? copy.confirm : copy.confirm(pendingDelete)}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </div>
  );
}
