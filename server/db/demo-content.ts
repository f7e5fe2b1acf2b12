/**
 * Demo content for a first start: every section of the public site gets records,
 * created through the same service (and image pipeline) as an admin's uploads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { RESOURCE_KEYS, resources, type ResourceKey } from '../../shared/resources';
import { contentWrite } from '../resources/image-field-schemas';
import type { Services } from '../services';
import type { UploadedFile } from '../uploads/read-write-input';
import { settings } from './schema';
import { DEMO_SITE_SETTINGS } from '../../shared/site-settings';
import { demoSvg, type DemoImageSpec, type DemoScene } from './demo-images';

const SEEDED_KEY = 'demo_content_seeded';

type Fields = Record<string, string | number | string[]>;
interface DemoRecord {
  fields: Fields;
  images: DemoImageSpec[];
  /** per-image descriptions (gallery) */
  descriptions?: string[];
  /** per-image alt texts; by default each says what the demo drawing shows (see demoAlt) */
  alts?: string[];
}

/** What each demo drawing shows, for its alt text. */
const SCENE_WORDS: Record<DemoScene, string> = {
  building: 'Drawing of a building',
  landscape: 'Drawing of a landscaped site',
  room: 'Drawing of an interior',
  carving: 'Drawing of carved woodwork',
  portrait: 'Portrait drawing',
};

/** The alt text of a demo image: the gallery's own description, else what the drawing shows and whose it is. */
function demoAlt(record: DemoRecord, index: number): string {
  const given = record.alts?.[index] ?? record.descriptions?.[index];
  if (given) return given;
  const name = record.fields.title ?? record.fields.name;
  return `${SCENE_WORDS[record.images[index].scene]}${typeof name === 'string' && name ? `: ${name}` : ''}`;
}

const img = (scene: DemoScene, hue: number, variant = 0, width = 960, height = 640): DemoImageSpec => ({
  scene,
  hue,
  variant,
  width,
  height,
});
const banner = (scene: DemoScene, hue: number, variant = 0) => img(scene, hue, variant, 1600, 900);
const square = (scene: DemoScene, hue: number, variant = 0) => img(scene, hue, variant, 800, 800);

/** The demo records, in the order they are created (the last one lists first). */
export const demoRecords: Record<ResourceKey, DemoRecord[]> = {
  banners: [
    {
      fields: {
        title: 'Homes Built Around the Way You Live',
        description:
          'Construction, interiors and hand-carved woodwork from one Bangalore team — designed together, delivered on time, and finished with care.',
      },
      images: [banner('building', 20, 1)],
    },
  ],
  property: [
    { fields: { title: 'Lakeview Villas, Whitefield' }, images: [img('building', 30, 2)] },
    { fields: { title: 'Garden Residences, Sarjapur Road' }, images: [img('landscape', 60, 1)] },
    { fields: { title: 'Skyline Apartments, Hebbal' }, images: [img('building', 200, 3)] },
    { fields: { title: 'Teakwood Row Houses, JP Nagar' }, images: [img('building', 90, 4)] },
    { fields: { title: 'Palm Grove Plots, Devanahalli' }, images: [img('landscape', 140, 2)] },
  ],
  topprojects: [
    {
      fields: { name: 'Prestige Lakeside Habitat', location: 'Whitefield, Bangalore', developer: 'Prestige Group', offer: '' },
      images: [img('building', 210, 5)],
    },
    {
      fields: {
        name: 'Sobha Dream Acres',
        location: 'Panathur, Bangalore',
        developer: 'Sobha Limited',
        offer: 'Free modular kitchen on bookings this month',
      },
      images: [img('building', 15, 6)],
    },
    {
      fields: { name: 'Brigade Cornerstone Utopia', location: 'Varthur, Bangalore', developer: 'Brigade Group', offer: '' },
      images: [img('building', 260, 7)],
    },
    {
      fields: {
        name: 'Godrej Woodland Estate',
        location: 'Kanakapura Road, Bangalore',
        developer: '',
        offer: '5% off interiors with every booking',
      },
      images: [img('landscape', 100, 3)],
    },
  ],
  clients: [
    {
      fields: {
        name: 'Ananya Rao',
        title: 'Three-bedroom apartment makeover',
        description:
          'They turned our dated flat into a bright, practical home. The modular kitchen and the carved puja unit are the first things our guests notice.',
        category: 'Interior Design',
      },
      images: [square('portrait', 200, 1)],
    },
    {
      fields: {
        name: 'Rahul Menon',
        title: '1990s bungalow renovation',
        description:
          'Old wiring, leaking terrace and cramped rooms — fixed in twelve weeks with a clear weekly report. We moved back in on the promised date.',
        category: 'Renovation',
      },
      images: [square('portrait', 30, 2)],
    },
    {
      fields: {
        name: 'Priya Shankar',
        title: 'Duplex design, Koramangala',
        description:
          'Their architects listened to how we live and drew a home around it. Every room gets morning light and the staircase is a work of art.',
        category: 'Architecture',
      },
      images: [square('portrait', 320, 3)],
    },
    {
      fields: {
        name: 'Vikram Iyer',
        title: 'Office fit-out for 60 people',
        description:
          'Our new office was ready in seven weeks without disturbing the floors around us. The team handled permits, furniture and cabling.',
        category: 'Commercial',
      },
      images: [square('portrait', 120, 4)],
    },
    {
      fields: {
        name: 'Meera & Arjun Kulkarni',
        title: 'Independent house, Hennur',
        description:
          'From the foundation to the last carved door, one team and one budget. Bundling construction and interiors saved us close to 18%.',
        category: 'Residential',
      },
      images: [square('portrait', 260, 5)],
    },
  ],
  bannerAbout: [
    {
      fields: { title: 'Crafting Spaces Since 2016', description: 'Builders, designers and carvers working as one team across Bangalore.' },
      images: [banner('room', 30, 1)],
    },
    {
      fields: {
        title: 'Over 5,000 Clients Served',
        description: 'Homes, offices and heritage woodwork delivered with transparent pricing.',
      },
      images: [banner('building', 190, 2)],
    },
    {
      fields: { title: 'Tradition Meets Modern Design', description: 'Hand-carved teak and rosewood alongside contemporary interiors.' },
      images: [banner('carving', 0, 1)],
    },
  ],
  communityAbout: [
    {
      fields: {
        title: 'Building Stronger Communities',
        description:
          'Every year we train young carpenters from Karnataka villages in traditional carving, repair government school classrooms with our site crews, and plant trees around every project we hand over.',
      },
      images: [img('carving', 10, 3), img('building', 45, 8), img('landscape', 120, 4)],
    },
  ],
  'team-members': [
    {
      fields: {
        name: 'Suresh Gowda',
        title: 'Founder & Managing Director',
        role: 'Leadership',
        description:
          'Civil engineer with 20 years on Bangalore building sites; started the company in 2015 with a single carpentry workshop.',
        linkedin: 'https://www.linkedin.com/',
        twitter: '',
      },
      images: [square('portrait', 210, 6)],
    },
    {
      fields: {
        name: 'Lakshmi Narayan',
        title: 'Head of Interior Design',
        role: 'Design',
        description: 'Leads a studio of twelve designers; specialises in compact apartments and warm, wood-rich interiors.',
        linkedin: '',
        twitter: '',
      },
      images: [square('portrait', 340, 7)],
    },
    {
      fields: {
        name: 'Mohammed Irfan',
        title: 'Master Carver',
        role: 'Wooden Carving',
        description: 'Third-generation carver from Channapatna; every temple door and puja unit passes through his hands.',
        linkedin: '',
        twitter: '',
      },
      images: [square('portrait', 40, 8)],
    },
    {
      fields: {
        name: 'Deepa Krishnan',
        title: 'Construction Manager',
        role: 'Construction',
        description: 'Runs our sites with weekly client reports, safety audits and a firm eye on the schedule.',
        linkedin: '',
        twitter: '',
      },
      images: [square('portrait', 150, 9)],
    },
  ],
  gallery: [
    {
      fields: { title: 'Modern Villa Living Room', category: 'Residential Project' },
      images: [img('room', 200, 1), img('room', 30, 2), img('building', 210, 9)],
      descriptions: ['Double-height living room with teak panelling', 'Reading corner by the garden window', 'Street façade at dusk'],
    },
    {
      fields: { title: 'Family Home, HSR Layout', category: 'Residential Project' },
      images: [img('building', 60, 10), img('room', 100, 3)],
      descriptions: ['Three-storey family home', 'Open kitchen and dining'],
    },
    {
      fields: { title: 'Warm Minimal Apartment', category: 'Interior' },
      images: [img('room', 20, 4), img('room', 330, 5), img('room', 160, 6)],
      descriptions: ['Living room in oak and linen', 'Bedroom with a floating headboard', 'Compact study unit'],
    },
    {
      fields: { title: 'Contemporary Kitchen', category: 'Interior' },
      images: [img('room', 190, 7), img('room', 60, 8)],
      descriptions: ['Island kitchen with quartz top', 'Tall pantry units'],
    },
    {
      fields: { title: 'Temple Door in Teak', category: 'Wooden Carving' },
      images: [img('carving', 0, 1), img('carving', 10, 2)],
      descriptions: ['Lotus medallion, hand carved', 'Detail of the border beads'],
    },
    {
      fields: { title: 'Rosewood Puja Unit', category: 'Wooden Carving' },
      images: [img('carving', 20, 4), img('carving', 5, 5)],
      descriptions: ['Puja unit with carved arch', 'Petal motif on the side panel'],
    },
    {
      fields: { title: 'Apartment Tower, Hebbal', category: 'Construction' },
      images: [img('building', 220, 11), img('building', 35, 12)],
      descriptions: ['Structure complete, 14 floors', 'Site at foundation stage'],
    },
    {
      fields: { title: 'Commercial Block, Whitefield', category: 'Construction' },
      images: [img('building', 180, 13), img('building', 10, 14)],
      descriptions: ['Glass façade going up', 'Handed over in 2024'],
    },
  ],
  project: [
    {
      fields: {
        category: 'Construction',
        title: 'Green Meadows Apartments',
        location: 'Sarjapur Road, Bangalore',
        developer: 'Our Construction Team',
        units: 120,
        launchDate: '2027-03-01',
        status: 'Upcoming',
        description:
          'A gated community of 2 and 3 BHK homes around a two-acre central garden, with rainwater harvesting and solar-powered common areas.',
        area: '4.5 acres',
        categories: ['Apartments', 'Gated Community'],
      },
      images: [img('building', 120, 15), img('landscape', 110, 5), img('building', 80, 16)],
    },
    {
      fields: {
        category: 'Construction',
        title: 'Skyline Heights',
        location: 'Hebbal, Bangalore',
        developer: 'Our Construction Team',
        units: 84,
        launchDate: '2025-01-15',
        expectedCompletion: '2027-06-30',
        completion: '65%',
        status: 'Ongoing',
        description: 'Fourteen-storey residential tower with lake views, a rooftop pool and two levels of basement parking.',
        area: '2.1 acres',
        categories: ['Apartments', 'High-rise', 'Lake View', 'Amenities', 'Parking'],
      },
      images: [img('building', 220, 17), img('building', 200, 18)],
    },
    {
      fields: {
        category: 'Construction',
        title: 'Heritage Row Houses',
        location: 'JP Nagar, Bangalore',
        developer: 'Our Construction Team',
        units: 16,
        launchDate: '2022-06-01',
        completionDate: '2024-08-20',
        clientSatisfaction: '4.9/5',
        status: 'Completed',
        description:
          'Sixteen row houses with private courtyards, Mangalore-tiled roofs and carved teak entrance doors made in our own workshop.',
        area: '1.2 acres',
        awards: ['CREDAI Karnataka Best Residential Project 2024'],
      },
      images: [img('building', 25, 19), img('room', 35, 9), img('carving', 15, 6)],
    },
    {
      fields: {
        category: 'Interior',
        title: 'Lakeside Penthouse Interiors',
        location: 'Whitefield, Bangalore',
        developer: 'Our Interior Studio',
        units: 0,
        launchDate: '2027-01-10',
        status: 'Upcoming',
        description: 'Full interiors for a 4,200 sq ft penthouse: walnut living room, bespoke wardrobes and a carved rosewood puja room.',
        designStyle: 'Contemporary Indian',
        area: '4,200 sq ft',
        categories: ['Living Room', 'Wardrobe', 'Puja Unit'],
      },
      images: [img('room', 30, 10), img('room', 210, 11)],
    },
    {
      fields: {
        category: 'Interior',
        title: 'Koramangala Family Apartment',
        location: 'Koramangala, Bangalore',
        developer: 'Our Interior Studio',
        units: 0,
        launchDate: '2026-02-01',
        expectedCompletion: '2026-12-15',
        completion: '70%',
        status: 'Ongoing',
        description: 'A 3 BHK refresh with a modular kitchen, study unit for two, shoe rack and TV wall in oak veneer.',
        designStyle: 'Warm Minimal',
        area: '1,850 sq ft',
        categories: ['Modular Kitchen', 'Study Unit', 'Shoe Rack', 'TV Unit', 'Bedroom'],
      },
      images: [img('room', 190, 12), img('room', 60, 13), img('room', 300, 14)],
    },
    {
      fields: {
        category: 'Interior',
        title: 'Indiranagar Boutique Office',
        location: 'Indiranagar, Bangalore',
        developer: 'Our Interior Studio',
        units: 0,
        launchDate: '2024-05-01',
        completionDate: '2024-11-30',
        clientSatisfaction: '98%',
        status: 'Completed',
        description: 'A 40-seat design office with acoustic panels, a carved reception wall and a café counter.',
        designStyle: 'Industrial Craft',
        area: '3,000 sq ft',
        categories: ['Commercial'],
        awards: ['IIID Bangalore Interior Award 2025'],
      },
      images: [img('room', 0, 15), img('carving', 25, 7)],
    },
  ],
  Interiorbanner: [
    {
      fields: {
        title: 'Interiors That Feel Like Home',
        description:
          'Modular kitchens, wardrobes and living spaces designed around your family — with hand-carved details from our own workshop.',
      },
      images: [banner('room', 25, 16)],
    },
  ],
  solution: [
    { fields: { name: 'Modular Kitchens' }, images: [img('room', 190, 17, 800, 600)] },
    { fields: { name: 'Wardrobes' }, images: [img('room', 30, 18, 800, 600)] },
    { fields: { name: 'Living Rooms' }, images: [img('room', 120, 19, 800, 600)] },
    { fields: { name: 'Bedrooms' }, images: [img('room', 280, 20, 800, 600)] },
    { fields: { name: 'Puja Units' }, images: [img('carving', 15, 8, 800, 600)] },
    { fields: { name: 'Home Offices' }, images: [img('room', 60, 21, 800, 600)] },
  ],
  experience: [
    {
      fields: {
        name: 'Indiranagar Experience Centre',
        address: '100 Feet Road, HAL 2nd Stage, Indiranagar, Bangalore 560038',
        timing: 'Mon-Sat: 9AM - 8PM',
        experience: 'Full-size kitchen and wardrobe displays, material library and a carving studio.',
      },
      images: [img('room', 35, 22)],
    },
    {
      fields: {
        name: 'Whitefield Design Studio',
        address: 'ITPL Main Road, Whitefield, Bangalore 560066',
        timing: 'Mon-Sat: 10AM - 7PM',
        experience: 'Sample apartment with finished interiors and a consultation lounge.',
      },
      images: [img('room', 200, 23)],
    },
  ],
  interiorportfolio: [
    {
      fields: {
        category: 'Modular Kitchen',
        title: 'Sage Green Parallel Kitchen',
        description: 'Soft-close shutters, quartz counters and a tall pantry.',
      },
      images: [img('room', 130, 24, 900, 675)],
    },
    { fields: { category: 'Wardrobe', title: 'Walk-in Wardrobe in Oak', description: '' }, images: [img('room', 35, 25, 900, 675)] },
    {
      fields: { category: 'Living Room', title: 'Teak-Panelled Living Room', description: 'Carved panels framing the TV wall.' },
      images: [img('room', 20, 26, 900, 675)],
    },
    {
      fields: { category: 'Bedroom', title: 'Calm Master Bedroom', description: 'Upholstered headboard and hidden storage.' },
      images: [img('room', 260, 27, 900, 675)],
    },
    {
      fields: { category: 'Puja Unit', title: 'Rosewood Puja Unit', description: 'Hand-carved arch and brass bells.' },
      images: [img('carving', 5, 9, 900, 675)],
    },
    { fields: { category: 'Study Unit', title: 'Study Nook for Two', description: '' }, images: [img('room', 200, 28, 900, 675)] },
  ],
};

/** Fills demo content when the database has never been seeded and holds no content. Returns the record count, or 0. */
export async function seedDemoContentIfEmpty(services: Services): Promise<number> {
  const { db } = services.database;
  const [marker] = await db.select().from(settings).where(eq(settings.key, SEEDED_KEY)).limit(1);
  if (marker) return 0;
  for (const key of RESOURCE_KEYS) if ((await services.content.reads.count(key)) > 0) return 0;
  const count = await seedDemoContent(services);
  // the company's details as the site showed them before they were editable
  await services.siteSettings.save(DEMO_SITE_SETTINGS);
  await db.insert(settings).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return count;
}

/** Creates every demo record through the content service. */
async function seedDemoContent(services: Services): Promise<number> {
  const tmpDir = path.join(services.env.dataDir, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  let count = 0;
  for (const key of RESOURCE_KEYS) {
    for (const record of demoRecords[key]) {
      const files: UploadedFile[] = [];
      for (const spec of record.images) {
        const file = path.join(tmpDir, `demo-${crypto.randomUUID()}.png`);
        const info = await sharp(Buffer.from(demoSvg(spec)))
          .png({ compressionLevel: 1 })
          .toFile(file);
        files.push({ field: resources[key].image.field, path: file, bytes: info.size });
      }
      const fields: Record<string, unknown> = { ...record.fields };
      if (record.descriptions) fields.description = JSON.stringify(record.descriptions);
      const alts = record.images.map((_, i) => demoAlt(record, i));
      if (resources[key].image.kind === 'single') fields.imageAlt = alts[0];
      else fields.newImageDetails = JSON.stringify(alts.map((alt) => ({ alt })));
      await services.content.writes.create(key, contentWrite({ fields, files }));
      count += 1;
    }
  }
  return count;
}
