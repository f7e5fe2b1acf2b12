/** Empty and failing lists: every screen's empty state on an empty database, and Try Again when reads fail. */
import { test as base, expect } from '../fixtures/test';
import { clientCopy, commonCopy, galleryCopy, messagesCopy, projectCopy, screenCopy } from '../../shared/copy/admin';
import { logInAt } from '../fixtures/admin-login';
import { SERVERS } from '../fixtures/servers';

base('an empty database shows each screen’s empty state', async ({ page }) => {
  await logInAt(page, SERVERS.empty);
  const empty: [string, string][] = [
    ['/admin/client', clientCopy.empty],
    ['/admin/gallery', galleryCopy.empty],
    ['/admin/project', projectCopy.emptyAll],
    ['/admin/users', messagesCopy.empty],
    ['/admin/TeamMembers', screenCopy.team.empty],
    ['/admin/interior/portfolio', screenCopy.portfolio.empty],
  ];
  for (const [path, message] of empty) {
    await page.goto(`${SERVERS.empty}${path}`);
    await expect(page.getByText(message, { exact: true }), path).toBeVisible();
  }
  // 'Add First Client' opens the add form
  await page.goto(`${SERVERS.empty}/admin/client`);
  await page.getByRole('button', { name: clientCopy.addFirst }).click();
  await expect(page.getByRole('dialog', { name: clientCopy.modalAdd })).toBeVisible();
});

base('failing reads show the message with Try Again (properties, top projects) instead of only logging', async ({ page }) => {
  await logInAt(page, SERVERS.failing);
  for (const [path, message] of [
    ['/admin/home/property', screenCopy.properties.fetchFailed],
    ['/admin/home/topprojects', screenCopy.topProjects.fetchFailed],
    ['/admin/client', clientCopy.fetchFailed],
  ] as const) {
    await page.goto(`${SERVERS.failing}${path}`);
    const tryAgain = page.getByRole('button', { name: commonCopy.tryAgain });
    const alert = page.getByRole('alert').filter({ hasText: message }).filter({ has: tryAgain });
    await expect(alert, path).toBeVisible();
    await alert.getByRole('button', { name: commonCopy.tryAgain }).click();
    await expect(alert).toBeVisible();
  }
});
