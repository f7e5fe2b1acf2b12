/** Community About Management: exactly 3 images per entry, 50-character description preview. */
import { PREVIEW_CHARS, TOAST_LONG_MS, screenCopy } from '../../../shared/copy/admin';
import { textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { Thumb } from '../../components/admin/ui';

export default function Community() {
  return (
    <ResourceScreen
      resourceKey="communityAbout"
      copy={screenCopy.community}
      toastMs={TOAST_LONG_MS}
      columns={[
        {
          header: 'Images',
          cell: (row) => (
            <span className="flex gap-1">
              {(Array.isArray(row.images) ? (row.images as string[]) : []).map((url) => (
                <Thumb key={url} src={url} alt={String(row.title)} className="h-12 w-16" />
              ))}
            </span>
          ),
        },
        textColumn('Title', 'title'),
        textColumn('Description', 'description', PREVIEW_CHARS),
      ]}
    />
  );
}
