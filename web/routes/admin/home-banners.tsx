/** Banner Management (home page banners). */
import { TOAST_LONG_MS, bannerCopy, screenCopy } from '../../../shared/copy/admin';
import { imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';

export default function HomeBanners() {
  return (
    <ResourceScreen
      resourceKey="banners"
      copy={{ ...screenCopy.homeBanners, ...bannerCopy }}
      toastMs={TOAST_LONG_MS}
      formMode="inline"
      columns={[imageColumn(), textColumn('Title', 'title'), textColumn('Description', 'description', 80)]}
    />
  );
}
