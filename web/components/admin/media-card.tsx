/** What a media library card shows of an image (the library screen's grid and the Choose from library dialog's). */
import { formatBytes } from '../../../shared/backup';
import { mediaCopy as copy } from '../../../shared/copy/admin';
import type { MediaEntry } from '../../../shared/media';
import { readableDateTime } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { mediaNameOf, renditionOf } from '../../lib/admin/media-view';
import { Badge, Thumb } from './ui';

/** The square thumbnail (the smallest rendition); `alt` empty when what holds it is named by the image already. */
export function MediaThumb({ entry, alt }: { entry: MediaEntry; alt: string }) {
  return <Thumb src={renditionOf(entry.url)} alt={alt} className="aspect-square w-full rounded-none" />;
}

/** An image's name, size, dimensions, upload time (SITE_TIMEZONE) and uploader, and how often it is used. */
export function MediaCardFacts({ entry, id }: { entry: MediaEntry; id: string }) {
  const { timeZone } = useAdminLimits();
  return (
    <div id={id} className="space-y-0.5 p-2 text-xs text-gray-700">
      <p className="truncate text-sm font-medium text-gray-900" title={mediaNameOf(entry)}>
        {mediaNameOf(entry)}
      </p>
      <p>
        {formatBytes(entry.bytes)} · {copy.dimensions(entry.width, entry.height)}
      </p>
      <p>
        <time dateTime={entry.uploadedAt}>{readableDateTime(new Date(entry.uploadedAt), timeZone)}</time>{' '}
        {copy.uploader(entry.uploadedBy?.name ?? null)}
      </p>
      <Badge tone={entry.useCount > 0 ? 'green' : 'gray'}>{copy.useCount(entry.useCount)}</Badge>
    </div>
  );
}
