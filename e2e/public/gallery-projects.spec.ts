import { imageEntries } from '../../shared/image-details';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { gallery, interior, interiorProjects, projects as copy } from '../../shared/copy/public';
import type { GalleryItem, Project } from '../../shared/resources';
import { apiList } from './public-helpers';
import { projectEnquiryHref } from '../../shared/project-enquiry-path';

/** A project card's details button: named by its visible text, described by the card's title. */
const projectButton = (page: Page, title: string) =>
  page
    .getByTestId('project-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('button');

test('gallery: chips bound to ?category=, lightbox with description and N of M wrapping both ways', async ({ page, request }) => {
  const items = await apiList<GalleryItem>(request, 'gallery');
  const carving = items.filter((item) => item.category === 'Wooden Carving');
  const carvingImages = carving.flatMap((item) => item.images);
  await page.goto('/gallery');
  await expect(page.getByTestId('gallery-item')).toHaveCount(items.length);
  await expect(page.getByRole('button', { name: gallery.all, exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Wooden Carving', exact: true }).click();
  await expect(page).toHaveURL(/\?category=wooden-carving$/);
  await expect(page.getByTestId('gallery-item')).toHaveCount(carving.length);

  await page.goto('/gallery?category=WOODEN-CARVING');
  await expect(page.getByTestId('gallery-item')).toHaveCount(carving.length);

  await page.getByTestId('gallery-item').first().getByRole('button').click();
  const counter = page.locator('.yarl__counter');
  await expect(counter).toHaveText(gallery.counter(1, carvingImages.length));
  await expect(page.locator('.yarl__slide_description').first()).toBeVisible();
  await expect(page.getByText(carvingImages[0].description).first()).toBeVisible();
  await page.getByRole('button', { name: gallery.previous }).click();
  await expect(counter).toHaveText(gallery.counter(carvingImages.length, carvingImages.length));
  await page.getByRole('button', { name: gallery.next }).click();
  await expect(counter).toHaveText(gallery.counter(1, carvingImages.length));
  await page.getByRole('button', { name: gallery.close }).click();
  await expect(counter).toBeHidden();

  await page.getByRole('button', { name: gallery.all, exact: true }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});

test('gallery: an unknown category value selects All', async ({ page }) => {
  await page.goto('/gallery?category=no-such-category');
  // an unknown value selects nothing: all items show
  await expect(page.getByRole('button', { name: gallery.all, exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('projects: filters through the URL (case-insensitive), count line, dots, modal with carousel and CTA', async ({ page, request }) => {
  const all = await apiList<Project>(request, 'project');
  const ongoing = all.filter((p) => p.category === 'Construction' && p.status === 'Ongoing');
  await page.goto('/project/exterior');
  await expect(page.getByTestId('project-count')).toHaveText(copy.showing(all.length, all.length));

  await page.goto('/project/exterior?category=CONSTRUCTION&status=Ongoing');
  await expect(page.getByTestId('project-count')).toHaveText(copy.showing(ongoing.length, all.length));
  await expect(page.getByTestId('project-card')).toHaveCount(ongoing.length);

  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(page).toHaveURL(/category=construction&status=completed/);
  const completed = all.filter((p) => p.category === 'Construction' && p.status === 'Completed');
  await expect(page.getByTestId('project-card')).toHaveCount(completed.length);
  // the card's button says what it does; the call to action by status is the details' link to /contact (below)
  await expect(page.getByTestId('project-card').first().getByRole('button')).toHaveText(copy.viewDetails);
  await expect(page.getByTestId('project-card').first()).not.toContainText(copy.ctaCompleted);
  await expect(page.getByTestId('project-card').first()).toContainText(copy.completionDate);

  await page.getByRole('button', { name: copy.clearAll }).click();
  await expect(page).toHaveURL(/\/project\/exterior$/);

  // cards: up to 4 dots, then +N
  for (const project of all) {
    const dots = page.getByTestId('project-card').filter({ hasText: project.title }).getByTestId('image-dots');
    if (project.images.length <= 1) continue;
    await expect(dots.locator('span.rounded-full.h-2')).toHaveCount(Math.min(project.images.length, 4));
    if (project.images.length > 4) await expect(dots).toContainText(copy.moreDots(project.images.length - 4));
  }

  const upcoming = all.find((p) => p.status === 'Upcoming' && p.images.length > 1)!;
  await expect(projectButton(page, upcoming.title)).toHaveAccessibleDescription(upcoming.title);
  await projectButton(page, upcoming.title).click();
  const dialog = page.getByRole('dialog', { name: upcoming.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(copy.launchDate);
  // each image is named by its alt text, or "Image n of N" where it has none
  const count = upcoming.images.length;
  const nameOf = (n: number) => imageEntries(upcoming)[n - 1]?.alt || copy.imageOf(n, count);
  await expect(dialog.getByRole('img', { name: nameOf(1), exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: copy.previousImage }).click();
  await expect(dialog.getByRole('img', { name: nameOf(count), exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: copy.showImage(1) }).click();
  await expect(dialog.getByRole('img', { name: nameOf(1), exact: true })).toBeVisible();
  // the project form (issue 26)
  await expect(dialog.getByRole('link', { name: copy.ctaOther })).toHaveAttribute('href', projectEnquiryHref(upcoming._id));
  await dialog.getByRole('button', { name: copy.close }).click();
  await expect(dialog).toBeHidden();
});

/** Clicks where a visitor would: the middle of the element, on whatever is drawn there. */
async function clickOnScreen(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

for (const path of ['/project/exterior', '/project/interior']) {
  test(`project cards on ${path}: the picture and the title open the details; one control per card`, async ({ page }) => {
    await page.goto(path);
    const cards = page.getByTestId('project-card');
    await expect(cards.first()).toBeVisible();
    // one button per card, saying what it does, and nothing else to focus
    for (const card of await cards.all()) {
      await expect(card.locator('a, button, input, select, textarea, [tabindex]')).toHaveCount(1);
      await expect(card.getByRole('button')).toHaveText(copy.viewDetails);
    }
    const card = cards.last();
    const title = (await card.getByRole('heading').textContent())!;
    const dialog = page.getByRole('dialog', { name: title });
    for (const part of [card.locator('img'), card.getByRole('heading')]) {
      await clickOnScreen(page, part);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: copy.close }).click();
      await expect(dialog).toBeHidden();
    }
    // the keyboard reaches the same details through the one button
    await card.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
  });
}

test('projects: the phone filter drawer and Clear All Filters', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/project/exterior?status=upcoming');
  await page.getByRole('button', { name: copy.filters }).click();
  const drawer = page.getByRole('dialog', { name: copy.filters });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Interior', exact: true }).click();
  await expect(page).toHaveURL(/category=interior&status=upcoming/);
  await drawer.getByRole('button', { name: copy.clearAll }).click();
  await expect(page).toHaveURL(/\/project\/exterior$/);
  await drawer.getByRole('button', { name: copy.closeFilters }).click();
  await expect(drawer).toBeHidden();
});

test('interior projects: Upcoming tab first, tabs, chips with +N more, modal CTA, 8 category tiles', async ({ page, request }) => {
  const all = (await apiList<Project>(request, 'project')).filter((p) => p.category === 'Interior');
  await page.goto('/project/interior');
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('project-card')).toHaveCount(all.filter((p) => p.status === 'Upcoming').length);
  await page.getByRole('tab', { name: 'Ongoing' }).click();
  const ongoing = all.filter((p) => p.status === 'Ongoing');
  await expect(page.getByTestId('project-card')).toHaveCount(ongoing.length);
  const many = ongoing.find((p) => p.categories.length > 3);
  if (many)
    await expect(page.getByTestId('project-card').filter({ hasText: many.title })).toContainText(
      interior.moreChips(many.categories.length - 3),
    );
  await page.getByRole('tab', { name: 'Completed' }).click();
  const completed = all.find((p) => p.status === 'Completed')!;
  await projectButton(page, completed.title).click();
  const dialog = page.getByRole('dialog', { name: completed.title });
  await expect(dialog.getByRole('link', { name: interior.ctaCompleted })).toHaveAttribute('href', projectEnquiryHref(completed._id));
  await dialog.getByRole('button', { name: copy.close }).click();
  for (const tile of interiorProjects.categoryTiles)
    await expect(page.getByRole('link', { name: tile, exact: true })).toHaveAttribute('href', '/contact');
  expect(interiorProjects.categoryTiles).toHaveLength(8);
});

test('interior: banner, carvings with Custom Design, solutions, centres, 5 steps, portfolio chips, consultation, #wooden-carving scroll', async ({
  page,
}) => {
  await page.goto('/interior#wooden-carving');
  await expect(page.locator('#wooden-carving')).toBeInViewport({ timeout: 3000 });
  await expect(page.getByRole('link', { name: interior.customDesign })).toHaveAttribute('href', '/gallery?category=wooden-carving');
  await expect(page.getByRole('heading', { name: interior.solutionsTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: interior.experienceTitle })).toBeVisible();
  for (const step of interior.processSteps) await expect(page.getByRole('heading', { name: step.title })).toBeVisible();
  const chips = page.getByTestId('portfolio-chips');
  const more = chips.getByRole('button', { name: /\+\d+ more/ });
  await expect(chips.getByRole('button')).toHaveCount(5); // All + 3 + '+N more'
  await more.click();
  await expect(more).toHaveCount(0);
  await chips.getByRole('button', { name: 'Wardrobe' }).click();
  await expect(page.getByTestId('portfolio-item')).toHaveCount(1);
  await expect(page.getByRole('link', { name: interior.bookConsultation })).toHaveAttribute('href', '/contact');
});
