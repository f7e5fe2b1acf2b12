/** Interior Banner Management (table with a modal; updates use PATCH, per the resource definition). */
import { TOAST_LONG_MS, bannerCopy, screenCopy } from '../../../shared/copy/admin';
import { imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';

export default function InteriorBanners() {
  return (
    <ResourceScreen
      resourceKey="Interiorbanner"
      copy={{ ...screenCopy.interiorBanners, ...bannerCopy }}
      toastMs={TOAST_LONG_MS}
      columns={[imageColumn(), textColumn('Title', 'title'), textColumn('Description', 'description', 80)]}
    />
  );
}
