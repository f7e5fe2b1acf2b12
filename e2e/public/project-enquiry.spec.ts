/**
 * Ask about this project (issue 26) on the real server: a project's call to action opens the short form naming the project;
 * it works without JavaScript (errors, then the confirmation) and with it; the enquiry lands in the inbox with its project
 * and the visit's campaign, and no cookie is set.
 */
import type { APIRequestContext } from '@playwright/test';
import { contactServerMessages } from '../../shared/contact';
import type { InboxListReply } from '../../shared/contact-inbox';
import { interior, nav, projects } from '../../shared/copy/public';
import { projectEnquiry as copy } from '../../shared/copy/project-enquiry';
import { projectEnquiryHref } from '../../shared/project-enquiry-path';
import type { Project } from '../../shared/resources';
import { expectNoSeriousAxeViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';
import { adminToken, apiList } from './public-helpers';

async function enquiriesAbout(request: APIRequestContext, projectId: string, name: string) {
  const token = await adminToken(request);
  const reply = await request.get(`/api/user?page=1&project=${projectId}&q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await reply.json()) as InboxListReply).data;
}

test('without JavaScript: the card’s call to action opens the form, errors show under their fields, then the enquiry arrives', async ({
  browser,
  request,
}) => {
  const project = (await apiList<Project>(request, 'project')).find((p) => p.category === 'Construction' && p.status !== 'Completed')!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/project/exterior');
  const card = page.getByTestId('project-card').filter({ hasText: project.title });
  await card.getByRole('link', { name: projects.ctaOther }).click();
  await expect(page).toHaveURL(new RegExp(`/enquire\\?project=${project._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: copy.title(project.title) })).toBeVisible();

  await page.getByLabel(copy.labels.number, { exact: true }).fill('abc');
  await page.getByRole('radio', { name: copy.contactBy.visit }).check();
  await page.getByLabel(copy.labels.preferredTime).selectOption(copy.times.afternoon);
  await page.getByRole('button', { name: copy.submit }).click();
  await expect(page.getByTestId('error-name')).toHaveText(contactServerMessages.nameRequired);
  await expect(page.getByTestId('error-number')).toHaveText(contactServerMessages.numberInvalid);
  await expect(page.getByTestId('enquiry-notice')).toHaveText(contactServerMessages.validationFailed);
  // what was chosen is kept
  await expect(page.getByRole('radio', { name: copy.contactBy.visit })).toBeChecked();
  await expect(page.getByLabel(copy.labels.preferredTime)).toHaveValue(copy.times.afternoon);

  const name = `No-script visitor ${Date.now()}`;
  await page.getByLabel(copy.labels.name, { exact: true }).fill(name);
  await page.getByLabel(copy.labels.number, { exact: true }).fill('98450 44444');
  await page.getByRole('button', { name: copy.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/enquire\\?project=${project._id}&sent=1$`));
  await expect(page.getByTestId('enquiry-notice')).toHaveText(copy.sent);
  expect(await context.cookies()).toEqual([]);
  await context.close();

  const [stored] = await enquiriesAbout(request, project._id, name);
  expect(stored).toMatchObject({
    name,
    email: '',
    number: '+919845044444',
    contactBy: copy.contactBy.visit,
    preferredTime: copy.times.afternoon,
    projectTitle: project.title,
    sourcePage: '/enquire',
  });
});

test('a visit from a campaign, then a project’s call to action: the enquiry records source, campaign, page and project, no cookie', async ({
  page,
  request,
}) => {
  const project = (await apiList<Project>(request, 'project')).find((p) => p.category === 'Interior' && p.status === 'Completed')!;
  await page.goto('/?utm_source=facebook&utm_campaign=diwali', { referer: 'https://l.facebook.com/' });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('contentinfo').getByRole('link', { name: nav.projects, exact: true }).click();
  await expect(page).toHaveURL(/\/project\/exterior\?utm_source=facebook&utm_campaign=diwali&ref_host=l\.facebook\.com$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // the filters rewrite the query: the visit's source stays with the page
  await page.getByRole('button', { name: 'Interior', exact: true }).first().click();
  await page.getByRole('button', { name: 'Completed', exact: true }).first().click();
  const card = page.getByTestId('project-card').filter({ hasText: project.title });
  await card.getByRole('button', { name: projects.viewDetails }).click();
  const dialog = page.getByRole('dialog', { name: project.title });
  await dialog.getByRole('link', { name: projects.ctaCompleted }).click();
  await expect(page).toHaveURL(
    new RegExp(`/enquire\\?project=${project._id}&utm_source=facebook&utm_campaign=diwali&ref_host=l\\.facebook\\.com$`),
  );
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectNoSeriousAxeViolations(page);

  const name = `Campaign project visitor ${Date.now()}`;
  await page.getByLabel(copy.labels.name, { exact: true }).fill(name);
  await page.getByLabel(copy.labels.number, { exact: true }).fill('+91 98450 55555');
  await page.getByLabel(copy.labels.message).fill('Can I see the finished kitchen?');
  await page.getByRole('button', { name: copy.submit }).click();
  await expect(page.getByTestId('enquiry-notice')).toHaveText(copy.sent);
  expect(await page.context().cookies()).toEqual([]);

  const [stored] = await enquiriesAbout(request, project._id, name);
  expect(stored).toMatchObject({
    projectId: project._id,
    projectTitle: project.title,
    sourcePage: '/enquire',
    utmSource: 'facebook',
    utmCampaign: 'diwali',
    referrerHost: 'l.facebook.com',
    contactBy: copy.contactBy.call,
    preferredTime: copy.times.morning,
    message: 'Can I see the finished kitchen?',
  });
});

test('interior projects: the call to action names the project in the form', async ({ page, request }) => {
  const project = (await apiList<Project>(request, 'project')).find((p) => p.category === 'Interior' && p.status === 'Upcoming')!;
  await page.goto('/project/interior');
  await page.getByTestId('project-card').filter({ hasText: project.title }).getByRole('button').click();
  await page.getByRole('dialog', { name: project.title }).getByRole('link', { name: interior.ctaOther }).click();
  await expect(page).toHaveURL(new RegExp(`${projectEnquiryHref(project._id).replace('?', '\\?')}$`));
  await expect(page.getByRole('heading', { level: 1, name: copy.title(project.title) })).toBeVisible();
});
