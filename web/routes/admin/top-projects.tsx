/** Top Projects Management (also at the misspelt alias path): the form closes after a save. */
import { TOAST_LONG_MS, screenCopy } from '../../../shared/copy/admin';
import { imageColumn, textColumn } from '../../components/admin/columns';
import { ResourceScreen } from '../../components/admin/resource-screen';

export default function TopProjects() {
  return (
    <ResourceScreen
      resourceKey="topprojects"
      copy={screenCopy.topProjects}
      toastMs={TOAST_LONG_MS}
      formMode="inline"
      columns={[
        imageColumn('image', 'name'),
        textColumn('Name', 'name'),
        textColumn('Location', 'location'),
        textColumn('Developer', 'developer'),
        textColumn('Offer', 'offer', 50),
      ]}
    />
  );
}
