/** All Contact Messages and the dashboard, against real data from the API. */
import { dashboardCopy, messagesCopy } from '../../shared/copy/admin';
import { uniqueName } from '../fixtures/admin-images';
import { expect, openScreen, test } from '../fixtures/admin-login';

test('a contact message sent to /api/user appears in All Contact Messages, previewed to 50 characters', async ({ page }) => {
  const name = uniqueName('Visitor');
  const message = 'I would like a quote for a three-bedroom interior with carved teak doors and a pooja room.';
  const sent = await page.request.post('/api/user', { data: { name, email: 'visitor@example.com', number: '9876543210', message } });
  expect(sent.ok()).toBe(true);

  await openScreen(page, '/admin/users', messagesCopy.title);
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${message.slice(0, 50)}...`)).toBeVisible();
  await row.getByRole('button', { name: messagesCopy.showFull }).click();
  await expect(row.getByText(message)).toBeVisible();

  // a second message shows up on Refresh, without reloading the page
  const later = uniqueName('Later visitor');
  await page.request.post('/api/user', { data: { name: later, email: 'later@example.com', number: '9876500000', message: 'Short one.' } });
  await page.getByRole('button', { name: messagesCopy.refresh }).click();
  await expect(table.getByText(later)).toBeVisible();

  // phones get stacked cards instead of the table
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
});

test('dashboard: skeletons while loading, real counts, quick actions go to their screens, recent activity', async ({ page, token }) => {
  // hold the messages call so the loading state can be seen
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/counts', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('stat-skeleton')).toHaveCount(4);
  release();
  await expect(page.getByTestId('stat-skeleton')).toHaveCount(0);

  const headers = { authorization: `Bearer ${token}` };
  const [clients, gallery, projects, contacts] = await Promise.all([
    page.request.get('/api/clients').then((r) => r.json() as Promise<unknown[]>),
    page.request.get('/api/gallery').then((r) => r.json() as Promise<{ data: unknown[] }>),
    page.request.get('/api/project').then((r) => r.json() as Promise<unknown[]>),
    // "Pending inquiries": the New messages
    page.request.get('/api/user/counts', { headers }).then((r) => r.json() as Promise<{ data: { New: number } }>),
  ]);
  const expected = { clients: clients.length, gallery: gallery.data.length, projects: projects.length, contacts: contacts.data.New };
  for (const stat of dashboardCopy.stats) {
    const card = page.getByTestId(`stat-${stat.key}`);
    await expect(card).toContainText(stat.label);
    await expect(card).toContainText(stat.caption);
    await expect(card).toContainText(String(expected[stat.key]));
  }
  for (const entry of dashboardCopy.recent) await expect(page.getByText(entry)).toBeVisible();
  for (const action of dashboardCopy.quickActions) {
    await page.getByRole('link', { name: action.label }).click();
    await expect(page).toHaveURL(new RegExp(`${action.to}$`));
    await page.goBack();
  }
});
