import { expect, test } from '../fixtures/test';
import type { AboutContent } from '../../shared/about-content';
import { about, clientStories, home } from '../../shared/copy/public';
import type { Banner, ClientStory, TeamMember, TopProject } from '../../shared/resources';
import { apiList } from './public-helpers';

test('home: hero from the first banner, explore buttons, about tiles, showcase, top projects, client stories', async ({
  page,
  request,
}) => {
  const [banner] = await apiList<Banner>(request, 'banners');
  const top = await apiList<TopProject>(request, 'topprojects');
  await page.goto('/');
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(banner.title);
  await expect(page.getByText(banner.description)).toBeVisible();
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  for (const button of home.exploreButtons) {
    await expect(page.getByRole('link', { name: button.label })).toHaveAttribute('href', `/gallery?category=${button.category}`);
  }
  for (const feature of home.features) await expect(page.getByRole('heading', { name: feature.title, exact: true })).toBeVisible();
  await expect(page.getByTestId('property-item').first()).toContainText(home.propertyLabel(1));
  await expect(page.getByTestId('property-item').first()).toContainText(home.luxuryCollection);

  const cards = page.getByTestId('top-project');
  await expect(cards).toHaveCount(top.length);
  for (const project of top) {
    const card = cards.filter({ hasText: project.name });
    const developer = project.developer || home.defaultDeveloper;
    await expect(card).toContainText(home.by(developer));
    await expect(card).toContainText(home.marketedBy(developer));
    await expect(card).toContainText(project.location);
    if (project.offer) {
      await expect(card).toContainText(home.offerBadge);
      await expect(card).toContainText(project.offer);
    } else await expect(card.getByText(home.offerBadge, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: clientStories.featuredTitle })).toBeVisible();

  await page.getByRole('link', { name: home.exploreButtons[1].label }).click();
  await expect(page).toHaveURL(/\/gallery\?category=wooden-carving$/);
  await expect(page.getByRole('button', { name: 'Wooden Carving', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('client stories: featured story, challenge and solution, experience cards with badge colours', async ({ page, request }) => {
  const stories = await apiList<ClientStory>(request, 'clients');
  await page.goto('/client');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(clientStories.title);
  await expect(page.getByRole('heading', { name: clientStories.featuredTitle })).toBeVisible();
  await expect(page.getByText(clientStories.challengeTitle)).toBeVisible();
  await expect(page.getByText(clientStories.solutionTitle)).toBeVisible();
  await expect(page.getByRole('heading', { name: clientStories.experiencesTitle })).toBeVisible();
  for (const story of stories) {
    const card = page.locator('li').filter({ hasText: story.title });
    await expect(card).toContainText(story.description);
    await expect(card).toContainText(story.name);
  }
  const colours: Record<string, RegExp> = {
    'Interior Design': /blue/,
    Renovation: /orange/,
    Architecture: /red/,
    Commercial: /yellow/,
    Residential: /indigo/,
  };
  for (const [category, colour] of Object.entries(colours)) {
    const badge = page.getByTestId('story-badge').filter({ hasText: category }).first();
    if (await badge.count()) await expect(badge).toHaveClass(colour);
  }
});

test('about: banner carousel wraps, team, our story, community impact, dual expertise, advantages', async ({ page, request }) => {
  const banners = await apiList<Banner>(request, 'bannerAbout');
  const team = await apiList<TeamMember>(request, 'team-members');
  const content = ((await (await request.get('/api/about-content')).json()) as { data: AboutContent }).data;
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title);
  const active = page.locator('[data-active="true"]');
  await expect(active).toContainText(banners[0].title);
  if (banners.length > 1) {
    await page.getByRole('button', { name: about.previous }).click();
    await expect(active).toContainText(banners[banners.length - 1].title);
    await page.getByRole('button', { name: about.next }).click();
    await expect(active).toContainText(banners[0].title);
    await page.getByRole('button', { name: about.goTo(2) }).click();
    await expect(active).toContainText(banners[1].title);
    // 5 s rotation to the next banner, once the mouse has left the carousel (it holds still under it)
    await page.mouse.move(1, 1);
    await expect(active).toContainText(banners[2 % banners.length].title, { timeout: 7000 });
  }
  await active.getByRole('link', { name: content.hero.buttonText }).click();
  await expect(page).toHaveURL(/#our-story$/);
  await expect(page.locator('#our-story')).toContainText(content.main.title);
  await expect(page.locator('#our-story')).toContainText(content.years.number);
  await expect(page.getByRole('heading', { name: content.hero.title })).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(team.length);
  await expect(page.locator('#community-impact img')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: about.dualTitle })).toBeVisible();
  for (const advantage of about.advantages) await expect(page.getByRole('heading', { name: advantage.title })).toBeVisible();
  await expect(page.locator('#community-impact')).toBeAttached();
});
