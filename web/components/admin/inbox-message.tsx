/** One enquiry of the inbox (web/routes/admin/messages.tsx): its text, status, alert state, phone actions and the full view to reply from. */
import { Mail, MessageCircle, Phone, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PREVIEW_CHARS, messagesCopy as copy, pipelineCopy } from '../../../shared/copy/admin';
import { MESSAGE_STATUSES, replyMailto, type InboxMessage, type MessageStatus } from '../../../shared/contact-inbox';
import { DEFAULT_LANGUAGE, isLanguage, languageDef } from '../../../shared/languages';
import { formatPhone, toE164 } from '../../../shared/phone';
import { telHref, whatsappHref } from '../../../shared/site-settings';
import { readableDateTime } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { btn } from './classes';
import { Modal } from './modal';
import { Badge, LabelledSelect, preview } from './ui';

const statusTone = { New: 'orange', Replied: 'green', Archived: 'gray' } as const;

export function MessageText({ message }: { message: string }) {
  const [open, setOpen] = useState(false);
  if (message.length <= PREVIEW_CHARS) return <span className="whitespace-pre-line">{message}</span>;
  return (
    <span>
      <span className="whitespace-pre-line">{open ? message : preview(message, PREVIEW_CHARS)}</span>{' '}
      <button type="button" className="text-sm font-medium text-blue-700 underline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? copy.hideFull : copy.showFull}
      </button>
    </span>
  );
}

/** Call and WhatsApp the visitor: only for a number that can be dialled (older messages were stored as typed). */
function PhoneActions({ message }: { message: InboxMessage }) {
  const number = toE164(message.number);
  if (!number) return null;
  return (
    <>
      <a href={telHref(number)} className={btn.secondary} aria-label={copy.callLabel(message.name, formatPhone(number))}>
        <Phone className="h-4 w-4" aria-hidden />
        {copy.call}
      </a>
      <a
        href={whatsappHref(number, copy.whatsappGreeting(message.name))}
        target="_blank"
        rel="noopener noreferrer"
        className={btn.secondary}
        aria-label={copy.whatsappLabel(message.name)}
      >
        <MessageCircle className="h-4 w-4" aria-hidden />
        {copy.whatsapp}
      </a>
    </>
  );
}

export function StatusBadge({ status }: { status: MessageStatus }) {
  return <Badge tone={statusTone[status]}>{status}</Badge>;
}

/** The enquiry's stage, owner and next follow-up in one line (the list's and the board's). */
export function StageLine({ message }: { message: InboxMessage }) {
  return (
    <span className="mt-1 block text-xs text-gray-700" data-testid="message-stage">
      {[message.stage, message.owner?.email, message.followUpOn ? pipelineCopy.followUpOn(message.followUpOn) : null]
        .filter(Boolean)
        .join(' · ')}
    </span>
  );
}

/** The e-mail alert's state, once the mail outbox reports one. */
export function AlertState({ alert }: { alert: InboxMessage['alert'] }) {
  if (!alert) return null;
  return (
    <span className="mt-1 block text-xs text-gray-600" title={alert.detail}>
      {copy.alert}: {alert.status}
    </span>
  );
}

export function MessageDetail({
  message,
  busy,
  onStatus,
  onDelete,
  onClose,
  children,
}: {
  message: InboxMessage;
  busy: boolean;
  /** Absent: no status here (an account without the enquiries area, on the enquiries assigned to it). */
  onStatus?: (status: MessageStatus) => void;
  /** Absent: no Delete here (the board). */
  onDelete?: () => void;
  onClose: () => void;
  /** The pipeline's part (stage, owner, follow-up, notes), below the actions. */
  children?: ReactNode;
}) {
  const { timeZone } = useAdminLimits();
  return (
    <Modal title={copy.detailTitle(message.name)} onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-gray-700">{copy.columns.name}</dt>
        <dd>{message.name}</dd>
        <dt className="font-medium text-gray-700">{copy.columns.email}</dt>
        <dd className="break-all">{message.email}</dd>
        <dt className="font-medium text-gray-700">{copy.columns.number}</dt>
        <dd>{formatPhone(message.number)}</dd>
        <dt className="font-medium text-gray-700">{copy.received}</dt>
        <dd>
          <time dateTime={message.createdAt}>{readableDateTime(new Date(message.createdAt), timeZone)}</time>
        </dd>
        <dt className="font-medium text-gray-700">{copy.statusColumn}</dt>
        <dd>
          <StatusBadge status={message.status} />
          <AlertState alert={message.alert} />
        </dd>
      </dl>
      <MessageSource message={message} />
      <h3 className="mt-4 text-sm font-medium text-gray-700">{copy.columns.message}</h3>
      <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-gray-50 p-3 text-sm text-gray-900" data-testid="message-text">
        {message.message}
      </p>
      <div className="mt-5 flex flex-wrap items-end gap-3">
        {/* the project form asks for no e-mail: such an enquiry is answered by phone */}
        {message.email ? (
          <a
            href={replyMailto(message, timeZone)}
            className={btn.primary}
            onClick={() => message.status !== 'Replied' && onStatus?.('Replied')}
          >
            <Mail className="h-4 w-4" aria-hidden />
            {copy.reply}
          </a>
        ) : null}
        <PhoneActions message={message} />
        {onStatus ? (
          <LabelledSelect
            id="message-status"
            label={copy.statusLabel}
            value={message.status}
            disabled={busy}
            onChoose={(status) => onStatus(status as MessageStatus)}
          >
            {MESSAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </LabelledSelect>
        ) : null}
        {onDelete ? (
          <button type="button" className={`${btn.danger} ml-auto`} onClick={onDelete} disabled={busy}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {copy.delete}
          </button>
        ) : null}
      </div>
      {children}
    </Modal>
  );
}

const SOURCE_SHOWN = [
  'contactBy',
  'preferredTime',
  'projectTitle',
  'sourcePage',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'referrerHost',
] as const;

/** Where the enquiry came from (issue 26): the page, the project, the campaign and the referring site, those known. */
function MessageSource({ message }: { message: InboxMessage }) {
  const known = SOURCE_SHOWN.filter((field) => message[field]);
  // English is the default: only another page language is worth a row
  const language = message.language !== DEFAULT_LANGUAGE && isLanguage(message.language) ? languageDef(message.language) : null;
  return (
    <section aria-labelledby="message-source-title" className="mt-4" data-testid="message-source">
      <h3 id="message-source-title" className="text-sm font-medium text-gray-700">
        {copy.sourceTitle}
      </h3>
      {known.length === 0 && !language ? (
        <p className="mt-1 text-sm text-gray-600">{copy.sourceUnknown}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {known.map((field) => (
            <div key={field} className="contents">
              <dt className="font-medium text-gray-700">{copy.source[field]}</dt>
              <dd className="break-all">{message[field]}</dd>
            </div>
          ))}
          {language ? (
            <div className="contents" data-testid="message-language">
              <dt className="font-medium text-gray-700">{copy.source.language}</dt>
              <dd>
                {language.name} (<span lang={language.code}>{language.ownName}</span>)
              </dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}
