/** Webhooks (Admins): the URLs told of events, their secrets, a test event, and each one's delivery log. */
import { Eye, EyeOff, KeyRound, Pencil, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useFetcher, useLoaderData, useRevalidator } from 'react-router';
import { webhooksCopy as copy } from '../../../shared/copy/admin';
import { readableDateTime } from '../../../shared/site-time';
import {
  WEBHOOK_EVENTS,
  webhookEventLabels,
  type Webhook,
  type WebhookDeliveriesReply,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookListReply,
  type WebhookReply,
} from '../../../shared/webhooks';
import type { MessageReply } from '../../../shared/replies';
import { btn, card, input, label as labelClass } from '../../components/admin/classes';
import { AdminDataView } from '../../components/admin/admin-data';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { useStepUp } from '../../components/admin/reauth-dialog';
import { Badge, EmptyState, FieldError, PageHeader, TableHead } from '../../components/admin/ui';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { apiJson } from '../../lib/admin/api';
import { loadReply, runWrite, submitted, useWritten, type Loaded, type Written } from '../../lib/admin/screen-data';
import type { Route } from './+types/webhooks';

interface HookWithLog {
  hook: Webhook;
  deliveries: Loaded<WebhookDeliveriesReply>;
}

export async function clientLoader() {
  const list = await loadReply<WebhookListReply>('/webhooks', copy.loadFailed);
  const hooks = list.reply?.data ?? [];
  const logs: HookWithLog[] = await Promise.all(
    hooks.map(async (hook) => ({
      hook,
      deliveries: await loadReply<WebhookDeliveriesReply>(`/webhooks/${encodeURIComponent(hook._id)}/deliveries`, copy.loadFailed),
    })),
  );
  return { list, logs };
}

/** Adding a hook and changing one carry the step-up headers of the password asked again. */
type WebhookAction =
  | { intent: 'add'; url: string; events: WebhookEvent[]; stepUp: Record<string, string> }
  | { intent: 'save'; id: string; url: string; events: WebhookEvent[]; stepUp: Record<string, string> }
  | { intent: 'delete' | 'rotate' | 'test'; id: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<Written<WebhookReply | MessageReply>> {
  const action = await submitted<WebhookAction>(request);
  const success = (reply: { message: string }) => reply.message;
  switch (action.intent) {
    case 'add':
      return runWrite(
        () =>
          apiJson<WebhookReply>('/webhooks', { method: 'POST', headers: action.stepUp, body: { url: action.url, events: action.events } }),
        {
          success,
          failureToast: false,
        },
      );
    case 'save':
      return runWrite(
        () =>
          apiJson<WebhookReply>(`/webhooks/${encodeURIComponent(action.id)}`, {
            method: 'PUT',
            headers: action.stepUp,
            body: { url: action.url, events: action.events },
          }),
        { success, failureToast: false },
      );
    case 'delete':
      return runWrite(() => apiJson<MessageReply>(`/webhooks/${encodeURIComponent(action.id)}`, { method: 'DELETE' }), { success });
    case 'rotate':
      return runWrite(() => apiJson<WebhookReply>(`/webhooks/${encodeURIComponent(action.id)}/secret`, { method: 'POST' }), { success });
    case 'test':
      return runWrite(() => apiJson<MessageReply>(`/webhooks/${encodeURIComponent(action.id)}/test`, { method: 'POST' }), { success });
  }
}

/** URL and events: the add form, and a hook's edit form. */
function HookForm({
  idPrefix,
  initial,
  submitLabel,
  onCancel,
  onSubmit,
  busy,
  error,
}: {
  idPrefix: string;
  initial?: Webhook;
  submitLabel: string;
  onCancel?: () => void;
  onSubmit: (url: string, events: WebhookEvent[]) => void;
  busy: boolean;
  error: string | null;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(initial?.events ?? []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(url, events);
  };
  const errorId = `${idPrefix}-error`;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={error ? errorId : undefined}>
      <div>
        <label htmlFor={`${idPrefix}-url`} className={labelClass}>
          {copy.url}
        </label>
        <input
          id={`${idPrefix}-url`}
          type="url"
          inputMode="url"
          className={input}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://"
          aria-describedby={`${idPrefix}-url-hint`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${idPrefix}-url-hint`} className="mt-1 text-sm text-gray-600">
          {copy.urlHint}
        </p>
      </div>
      <fieldset>
        <legend className={labelClass}>{copy.events}</legend>
        <div className="space-y-1">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={events.includes(name)}
                onChange={(event) => setEvents(event.target.checked ? [...events, name] : events.filter((chosen) => chosen !== name))}
              />
              <span>
                {webhookEventLabels[name]} <code className="text-xs text-gray-600">{name}</code>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id={errorId} message={error} />
      <div className="flex gap-2">
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? copy.adding : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={btn.secondary} onClick={onCancel}>
            {copy.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function DeliveryLog({ loaded }: { loaded: Loaded<WebhookDeliveriesReply> }) {
  const { timeZone } = useAdminLimits();
  const time = (iso: string) => readableDateTime(new Date(iso), timeZone);
  const outcome = (attempt: WebhookDelivery['attempts'][number]) =>
    attempt.error === null ? String(attempt.status) : attempt.status === null ? attempt.error : `${attempt.status}: ${attempt.error}`;
  return (
    <AdminDataView loaded={loaded}>
      {(reply) =>
        reply.data.length === 0 ? (
          <p className="text-sm text-gray-700">{copy.deliveriesEmpty}</p>
        ) : (
          <div className="md:overflow-x-auto">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{copy.deliveriesTitle}</caption>
              <TableHead compact headings={[copy.columns.event, copy.columns.created, copy.columns.state, copy.columns.attempts]} />
              <tbody className="divide-y divide-gray-100">
                {reply.data.map((delivery) => (
                  <tr key={delivery._id}>
                    <td className="px-3 py-2 font-mono text-xs text-gray-900">{delivery.event}</td>
                    <td className="px-3 py-2 text-gray-800">{time(delivery.createdAt)}</td>
                    <td className="px-3 py-2">
                      <Badge tone={delivery.state === 'delivered' ? 'green' : delivery.state === 'failed' ? 'orange' : 'gray'}>
                        {copy.states[delivery.state]}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-gray-800">
                      {delivery.attempts.length === 0 ? (
                        copy.noAttempts
                      ) : (
                        <ol className="space-y-0.5">
                          {delivery.attempts.map((attempt) => (
                            <li key={attempt.at}>{copy.attempt(time(attempt.at), outcome(attempt), attempt.durationMs)}</li>
                          ))}
                        </ol>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </AdminDataView>
  );
}

function HookCard({ hook, deliveries }: HookWithLog) {
  const fetcher = useFetcher<typeof clientAction>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [showSecret, setShowSecret] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  useWritten(fetcher.data, (outcome) => {
    const intent = (fetcher.json as WebhookAction | undefined)?.intent;
    if (outcome.ok) {
      setEditing(false);
      setEditError(null);
      setConfirming(null);
    } else if (intent === 'save' || editing) setEditError(outcome.error);
    else setConfirming(null);
  });
  const send = (action: WebhookAction) => void fetcher.submit({ ...action }, { method: 'post', encType: 'application/json' });
  const { confirmFirst, dialog } = useStepUp();
  const headingId = `hook-${hook._id}`;
  return (
    <section className={`${card} space-y-4 p-5`} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="break-all font-semibold text-gray-900">
            {hook.url}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={copy.events}>
            {hook.events.map((name) => (
              <li key={name}>
                <Badge tone="blue">{name}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-1">
          <button type="button" className={btn.smallEdit} onClick={() => setEditing(true)} aria-label={copy.editLabel(hook.url)}>
            <Pencil className="h-4 w-4" aria-hidden />
            {copy.edit}
          </button>
          <button
            type="button"
            className={btn.smallEdit}
            disabled={busy}
            onClick={() => send({ intent: 'test', id: hook._id })}
            aria-label={copy.sendTestLabel(hook.url)}
          >
            <Send className="h-4 w-4" aria-hidden />
            {copy.sendTest}
          </button>
          <button type="button" className={btn.smallEdit} onClick={() => setConfirming('rotate')} aria-label={copy.rotateLabel(hook.url)}>
            <KeyRound className="h-4 w-4" aria-hidden />
            {copy.rotate}
          </button>
          <button type="button" className={btn.smallDelete} onClick={() => setConfirming('delete')} aria-label={copy.deleteLabel(hook.url)}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {copy.delete}
          </button>
        </div>
      </div>
      {editing ? (
        <HookForm
          idPrefix={`edit-${hook._id}`}
          initial={hook}
          submitLabel={copy.save}
          busy={busy}
          error={editError}
          onCancel={() => {
            setEditing(false);
            setEditError(null);
          }}
          onSubmit={(url, events) => confirmFirst((stepUp) => send({ intent: 'save', id: hook._id, url, events, stepUp }))}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-gray-800">{copy.secret}:</span>
        <code className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-xs text-gray-900">
          {showSecret ? hook.secret : copy.secretHidden}
        </code>
        <button type="button" className={btn.smallEdit} aria-pressed={showSecret} onClick={() => setShowSecret(!showSecret)}>
          {showSecret ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
          {showSecret ? copy.hideSecret : copy.showSecret}
        </button>
      </div>
      <div>
        <div className="mb-2 flex items-center justify-between gap-2">
          <h4 className="font-semibold text-gray-900">{copy.deliveriesTitle}</h4>
          <button
            type="button"
            className={btn.smallEdit}
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state !== 'idle'}
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            {copy.refresh}
          </button>
        </div>
        <DeliveryLog loaded={deliveries} />
      </div>
      {confirming ? (
        <ConfirmDialog
          message={confirming === 'delete' ? copy.confirmDelete(hook.url) : copy.confirmRotate(hook.url)}
          confirmLabel={confirming === 'delete' ? copy.delete : copy.rotate}
          busyLabel={confirming === 'delete' ? undefined : copy.rotate}
          busy={busy}
          onConfirm={() => send({ intent: confirming, id: hook._id })}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {dialog}
    </section>
  );
}

function AddHook() {
  const fetcher = useFetcher<typeof clientAction>();
  const [error, setError] = useState<string | null>(null);
  // a new form (empty) once an add succeeded
  const [formKey, setFormKey] = useState(0);
  const { confirmFirst, dialog } = useStepUp();
  useWritten(fetcher.data, (outcome) => {
    if (outcome.ok) {
      setError(null);
      setFormKey(formKey + 1);
    } else setError(outcome.error);
  });
  return (
    <section className={`${card} p-5`} aria-labelledby="webhook-add">
      <h2 id="webhook-add" className="mb-4 text-lg font-semibold">
        {copy.addTitle}
      </h2>
      <HookForm
        key={formKey}
        idPrefix="webhook-new"
        submitLabel={copy.add}
        busy={fetcher.state !== 'idle'}
        error={error}
        onSubmit={(url, events) =>
          confirmFirst((stepUp) => {
            const action: WebhookAction = { intent: 'add', url, events, stepUp };
            void fetcher.submit({ ...action }, { method: 'post', encType: 'application/json' });
          })
        }
      />
      {dialog}
    </section>
  );
}

export default function Webhooks() {
  const { list, logs } = useLoaderData<typeof clientLoader>();
  return (
    <div className="space-y-6">
      <PageHeader title={copy.title} subtitle={copy.subtitle} />
      <AddHook />
      <section aria-labelledby="webhook-list" className="space-y-4">
        <h2 id="webhook-list" className="text-lg font-semibold">
          {copy.listTitle}
        </h2>
        <AdminDataView loaded={list}>
          {() =>
            logs.length === 0 ? <EmptyState message={copy.empty} /> : logs.map((entry) => <HookCard key={entry.hook._id} {...entry} />)
          }
        </AdminDataView>
        <p className="text-sm text-gray-600">{copy.verifyHint}</p>
      </section>
    </div>
  );
}
