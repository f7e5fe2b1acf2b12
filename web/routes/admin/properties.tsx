/** Property Management: form and table, an error view with Try Again. */
import { TOAST_LONG_MS, screenCopy } from '../../../shared/copy/admin';
import { imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';

export default function Properties() {
  return (
    <ResourceScreen
      resourceKey="property"
      copy={screenCopy.properties}
      toastMs={TOAST_LONG_MS}
      formMode="inline"
      columns={[imageColumn(), textColumn('Title', 'title')]}
    />
  );
}
