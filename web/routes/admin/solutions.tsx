/** Solutions Admin Panel (table with a modal). */
import { TOAST_LONG_MS, screenCopy } from '../../../shared/copy/admin';
import { imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';

export default function Solutions() {
  return (
    <ResourceScreen
      resourceKey="solution"
      copy={screenCopy.solutions}
      toastMs={TOAST_LONG_MS}
      columns={[imageColumn('image', 'name'), textColumn('Name', 'name')]}
    />
  );
}
