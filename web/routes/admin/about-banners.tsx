/** About-page Banner Management (table with a modal). */
import { TOAST_LONG_MS, bannerCopy, screenCopy } from '../../../shared/copy/admin';
import { imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';

export default function AboutBanners() {
  return (
    <ResourceScreen
      resourceKey="bannerAbout"
      copy={{ ...screenCopy.aboutBanners, ...bannerCopy }}
      toastMs={TOAST_LONG_MS}
      columns={[imageColumn(), textColumn('Title', 'title'), textColumn('Description', 'description', 80)]}
    />
  );
}
