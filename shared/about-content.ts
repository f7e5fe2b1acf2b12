/**
 * The About Us page's editable text (the admin's About Us editor). One document,
 * saved with PUT /api/about-content and read by the public About page.
 */
import { z } from './zod';

export const ABOUT_FILL_ALL = 'Please fill in all fields.';
export const ABOUT_CARD_REQUIRED = 'Please provide both title and description.';

const line = (max: number) => z.string().trim().min(1, ABOUT_FILL_ALL).max(max, `Text must be at most ${max} characters`);

export const aboutHeroSchema = z.object({
  image: z.string().trim().max(300).default(''),
  title: line(200),
  subtitle: line(300),
  buttonText: line(60),
});
export const aboutMainSchema = z.object({ title: line(200), subtitle: line(300), description: line(4000) });
export const aboutYearsSchema = z.object({ number: line(20), description: line(500) });
export const aboutCardSchema = z.object({
  id: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1, ABOUT_CARD_REQUIRED).max(120, 'Text must be at most 120 characters'),
  description: z.string().trim().min(1, ABOUT_CARD_REQUIRED).max(600, 'Text must be at most 600 characters'),
});

export const aboutContentSchema = z.object({
  hero: aboutHeroSchema,
  main: aboutMainSchema,
  years: aboutYearsSchema,
  cards: z.array(aboutCardSchema).max(12, 'At most 12 feature cards'),
});
export type AboutContent = z.infer<typeof aboutContentSchema>;

export const DEFAULT_ABOUT_CONTENT: AboutContent = {
  hero: {
    image: '',
    title: 'Building Dreams Since 2016',
    subtitle: 'Real estate, interiors, wooden carving and construction under one roof in Bangalore.',
    buttonText: 'Explore Our Story',
  },
  main: {
    title: 'Our Story',
    subtitle: 'One team from the first sketch to the final handover',
    description:
      'What began as a small carpentry workshop in Indiranagar grew into a company that designs, builds and furnishes homes across Bangalore. Our architects, site engineers, interior designers and master carvers work side by side, so every project has one point of contact and one standard of finish.',
  },
  years: { number: '15+', description: 'Years of experience in construction, interiors and traditional wooden carving.' },
  cards: [
    { id: 'sale', title: 'Sale Properties', description: 'Verified homes and plots across Bangalore with clear titles.' },
    { id: 'rent', title: 'Rent Properties', description: 'Well-kept homes for rent, inspected by our own team.' },
    { id: 'search', title: 'Search Properties', description: 'Tell us what you need and we shortlist the right options.' },
    { id: 'trusted', title: 'Trusted Service', description: 'Over 5,000 clients served with transparent pricing.' },
  ],
};
