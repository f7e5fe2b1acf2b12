/**
 * Every copy string and message of the public site (public spec), defined once:
 * pages import them, and the browser tests assert against the same values.
 */
import type { Weekday } from '../site-settings';

/** The company's fixed facts; its contact details are the Site settings (shared/site-settings.ts). */
const company = {
  /** The footer's founding year (spec section 9: 2015 in the footer, 2016 elsewhere). */
  footerFoundingYear: 2015,
  copyrightYear: 2025,
} as const;

export const nav = {
  home: 'Home',
  about: 'About Us',
  clientStories: 'Client Story',
  gallery: 'Gallery',
  projects: 'Project Details',
  contact: 'Contact Us',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  mainNav: 'Main',
  logoLabel: (company: string) => `${company}, home`,
  skipToContent: 'Skip to content',
} as const;

export const footer = {
  tagline: `Real estate, interior design, wooden carving and construction in Bangalore since ${company.footerFoundingYear}.`,
  follow: 'Follow us',
  /** Its quick links are the pages' own (web/pages/, `menus`). */
  quickLinks: 'Quick Links',
  contactTitle: 'Contact',
  policies: [
    { id: 'privacy-policy', label: 'Privacy Policy' },
    { id: 'terms-of-service', label: 'Terms of Service' },
    { id: 'cookie-policy', label: 'Cookie Policy' },
  ],
  copyright: (companyName: string) => `© ${company.copyrightYear} ${companyName}. All rights reserved.`,
  newTab: '(opens in a new tab)',
} as const;

/** Short texts shown by the footer's policy links (the spec's links lead nowhere; these stay on the page). */
export const policies = {
  title: 'Policies',
  'privacy-policy': 'We use the details you send through the contact form only to answer your enquiry. We do not sell or share them.',
  'terms-of-service': 'Prices, offers and timelines on this site are indicative; your written agreement with us is what applies.',
  'cookie-policy': 'This site sets no tracking cookies. Only the admin area stores a session for signed-in staff.',
} as const;

/** Loading, error and empty texts (spec sections 2 and 8). */
export const states = {
  loading: 'Loading...',
  /** What a failed read tells the visitor after the section's own prefix (the real cause is logged on the server). */
  failureDetail: 'The server could not load this content',
  homeBannerLoading: 'Loading banner...',
  homeBannerError: (message: string) => `Error loading banner: ${message}`,
  topProjectsLoading: 'Loading projects...',
  topProjectsError: (message: string) => `Error loading projects: ${message}`,
  topProjectsEmpty: 'No top projects found.',
  clientStoriesLoading: 'Loading client stories...',
  clientStoriesError: 'Error: Failed to load client stories. Please try again later.',
  clientStoriesEmpty: 'No client stories yet.',
  aboutBannersLoading: 'Loading banners...',
  aboutBannersError: (message: string) => `Error loading banners: ${message}`,
  aboutBannersEmpty: 'No banners available',
  teamLoading: 'Loading team members...',
  teamEmptyTitle: 'No Team Members',
  teamEmptyText: 'Our team will be introduced here soon.',
  galleryLoading: 'Loading gallery...',
  galleryError: 'Failed to load gallery items. Please try again later.',
  galleryEmpty: 'No items match your filter',
  retry: 'Retry',
  resetFilters: 'Reset Filters',
  projectsLoading: 'Loading projects...',
  projectsError: 'Failed to load projects. Please try again later.',
  projectsEmpty: 'No projects match these filters.',
  interiorError: 'Failed to fetch data. Please ensure the backend is running.',
  interiorProjectsError: 'Failed to load projects. Please ensure the backend is running.',
  interiorProjectsEmpty: 'No projects in this stage yet.',
  bannerFetchFailed: 'Failed to fetch banners',
  sectionEmpty: 'Nothing to show here yet.',
} as const;

export const home = {
  // with ' | {SITE_NAME}' the <title> stays within 70 characters (the name already says Bangalore)
  title: 'Construction, Interiors & Wooden Carving',
  metaDescription:
    'One Bangalore team for construction, interior design and hand-carved woodwork. Bundled services save 15-20%; over 5,000 clients served.',
  exploreButtons: [
    { label: 'Explore INTERIOR', category: 'interior' },
    { label: 'Explore WOODEN CARVING', category: 'wooden-carving' },
    { label: 'Explore CONSTRUCTION', category: 'construction' },
  ],
  aboutTitle: 'Everything for Your Home, Under One Roof',
  aboutText:
    'From the foundation to the last carved door, one team designs, builds and furnishes your home. Bundled services save 15-20% and over 5,000 clients have trusted us.',
  features: [
    { title: 'Construction Properties', text: 'Homes and apartments built by our own site teams.' },
    { title: 'interior Designs', text: 'Kitchens, wardrobes and living spaces designed around you.' },
    { title: 'Search Properties', text: 'Tell us what you need and we shortlist the right options.' },
    { title: 'Trusted Service', text: 'Over 5,000 clients served with transparent pricing.' },
  ],
  showcaseTitle: 'Property Showcase',
  showcaseSubtitle: 'A look at featured homes we have built and sold.',
  propertyLabel: (n: number) => `Property ${n}`,
  luxuryCollection: 'Luxury Collection',
  topProjectsTitle: 'Top Projects',
  topProjectsSubtitle: 'Handpicked projects from Bangalore’s trusted developers.',
  by: (developer: string) => `by ${developer}`,
  marketedBy: (developer: string) => `Marketed by ${developer}`,
  defaultDeveloper: 'Our Construction Team',
  offerBadge: 'OFFER',
  viewInGallery: (name: string) => `${name}: view in the gallery`,
} as const;

export const clientStories = {
  title: 'Client Stories',
  metaDescription: 'Real homes and offices, in our clients’ words: interiors, renovations, architecture and construction across Bangalore.',
  intro: 'Homes and offices we have built and designed, told by the people who live and work in them.',
  featuredTitle: 'From Dated to Dream Home',
  featuredQuote:
    '“We had lived with a cramped kitchen and dark rooms for fifteen years. Six weeks later we have a home our friends ask about.”',
  featuredClient: '— The Sharma family, Indiranagar',
  challengeTitle: 'The Challenge',
  challengeText:
    'A 1990s apartment with poor light, little storage and an outdated kitchen, to be renovated while the family lived nearby.',
  solutionTitle: 'Our Solution',
  solutionText:
    'An open modular kitchen, built-in wardrobes, warm lighting and a carved teak puja unit, delivered in six weeks on a fixed budget.',
  experiencesTitle: 'Client Experiences',
} as const;

export const about = {
  title: 'About Us',
  metaDescription: 'Who we are: builders, interior designers and master carvers working as one team in Bangalore since 2016.',
  exploreStory: 'Explore Our Story',
  previous: 'Previous banner',
  next: 'Next banner',
  goTo: (n: number) => `Show banner ${n}`,
  pauseRotation: 'Pause banners',
  playRotation: 'Play banners',
  leaderTitle: 'Leadership',
  teamTitle: 'Meet Our Team',
  teamSubtitle: 'The people who design, build and carve your home.',
  communityTitle: 'Community Impact',
  dualTitle: 'Dual Expertise',
  dualIntro: 'Construction and interiors planned together, so the structure is ready for the finish from day one.',
  dualBlocks: [
    { title: 'Construction', text: 'Structural design, approvals, site management and weekly client reports.' },
    { title: 'Interiors & Carving', text: 'Modular interiors and hand-carved woodwork from our own workshop.' },
  ],
  advantagesTitle: 'Why Choose Us',
  advantages: [
    { title: 'Save 15-20%', text: 'Bundled construction and interior services save 15-20% over separate contracts.' },
    { title: '5,000+ Clients', text: 'Over 5,000 clients served across Bangalore since 2016.' },
    { title: 'One Point of Contact', text: 'One project manager from the first sketch to the final handover.' },
  ],
  linkedin: (name: string) => `${name} on LinkedIn`,
  twitter: (name: string) => `${name} on Twitter`,
} as const;

export const gallery = {
  title: 'Gallery',
  metaDescription: 'Photos of our residential projects, interiors, wooden carving and construction work in Bangalore.',
  intro: 'Browse our work by category. Select a photo to see it full screen.',
  all: 'All',
  filterLabel: 'Filter by category',
  photos: (n: number) => (n === 1 ? '1 photo' : `${n} photos`),
  counter: (index: number, total: number) => `${index} of ${total}`,
  /** the link to the next page of items (a plain link without JavaScript, appended in place with it) */
  loadMore: 'Load more',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} items`,
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
} as const;

export const projects = {
  title: 'Project Details',
  metaDescription: 'Construction and interior projects in Bangalore: upcoming launches, ongoing work and completed homes.',
  intro: 'Our construction and interior projects, from upcoming launches to completed homes.',
  categoryLabel: 'Category',
  statusLabel: 'Status',
  allCategories: 'All Categories',
  allStatuses: 'All Statuses',
  filters: 'Filters',
  closeFilters: 'Close filters',
  clearAll: 'Clear All Filters',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} projects`,
  moreDots: (n: number) => `+${n}`,
  /** the card's button: it opens the details (the call to action is the details' link to /contact) */
  viewDetails: 'View Details',
  ctaCompleted: 'View Available Units',
  ctaOther: 'Register Interest',
  launchDate: 'Launch Date',
  expectedCompletion: 'Expected Completion',
  completion: 'Completion',
  completionDate: 'Completion Date',
  clientSatisfaction: 'Client Satisfaction',
  location: 'Location',
  developer: 'Developer',
  scope: 'Scope',
  units: (n: number) => `${n} units`,
  designStyle: 'Design Style',
  area: 'Area',
  awards: 'Awards',
  categories: 'Categories',
  close: 'Close',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  showImage: (n: number) => `Show image ${n}`,
  imageOf: (n: number, total: number) => `Image ${n} of ${total}`,
} as const;

export const interior = {
  title: 'Interior Design',
  metaDescription: 'Interior design and hand-carved woodwork in Bangalore: modular kitchens, wardrobes, puja units and complete homes.',
  carvingTitle: 'Wooden Carvings',
  carvingText:
    'Temple doors, puja units and carved panels in teak and rosewood, made by hand in our own workshop by third-generation carvers.',
  carvingPoints: ['Teak and rosewood, seasoned in-house', 'Traditional motifs or your own design', 'Fitted by the same team that builds'],
  customDesign: 'Custom Design',
  solutionsTitle: 'Interior Solutions',
  experienceTitle: 'Experience Centres',
  processTitle: 'Our Design Process',
  processSteps: [
    { title: 'Initial Consultation', text: 'We visit, listen and measure.' },
    { title: 'Concept Development', text: 'Layouts, mood boards and a first budget.' },
    { title: 'Design Refinement', text: '3D views and materials, revised with you.' },
    { title: 'Implementation', text: 'Factory-made modules and on-site work.' },
    { title: 'Final Reveal', text: 'Handover with a walkthrough and warranty.' },
  ],
  portfolioTitle: 'Our Portfolio',
  portfolioAll: 'All',
  moreChips: (n: number) => `+${n} more`,
  consultationTitle: 'Ready to design your space?',
  bookConsultation: 'Book Free Consultation',
  ctaCompleted: 'View Case Study',
  ctaOther: 'Schedule Consultation',
  timing: 'Timing',
} as const;

export const interiorProjects = {
  title: 'Interior Projects',
  metaDescription: 'Our interior design projects in Bangalore: upcoming, ongoing and completed homes and offices.',
  intro: 'Interiors we are planning, building and have handed over.',
  tabsLabel: 'Project stage',
  tabs: ['Upcoming', 'Ongoing', 'Completed'] as const,
  categoriesTitle: 'What We Design',
  categoryTiles: ['Modular Kitchen', 'Wardrobe', 'Bedroom', 'Living Room', 'Study Unit', 'Shoe Rack', 'TV Unit', 'Puja Unit'],
} as const;

export const contact = {
  title: 'Contact Us',
  /** The page's description names the company and its hours from the Site settings. */
  metaDescription: (company: string, hours: string[]) =>
    `Send us a message, call or visit ${company}.${hours.length ? ` ${hours.join(', ')}.` : ''}`,
  intro: 'Tell us about your home or project and we will get back to you within one working day.',
  formTitle: 'Send Us a Message',
  labels: { name: 'Your Name', email: 'Your Email', number: 'Your Phone Number', message: 'Your Message' },
  submit: 'Send Message',
  sending: 'Sending...',
  infoTitle: 'Contact Information',
  addressLabel: 'Address',
  phoneLabel: 'Phone',
  emailLabel: 'Email',
  hoursLabel: 'Hours',
  /** The drawn map's text names the Site settings' address. */
  mapTitle: (address: string) => `Map of our office: ${address}`,
  openMap: 'Open the map in a new tab',
  errors: {
    nameRequired: 'Your Name is required',
    emailRequired: 'Your Email is required',
    emailInvalid: 'Please enter a valid email address',
    numberRequired: 'Your Phone Number is required',
    /** Ours, not the spec's: its words "Contact number" put the server's message under the phone field (spec section 8). */
    numberInvalid: 'Contact number must be a phone number we can call, e.g. 98450 12345 or +91 98450 12345',
    messageRequired: 'Your Message is required',
  },
  toasts: {
    success: 'Message sent successfully!',
    correct: 'Please correct the errors in the form.',
    failed: 'Failed to send message. Please try again.',
    network: 'Network error. Please try again.',
  },
  /**
   * What the server answers a form with (shared/contact.ts's contactServerMessages, word for word, and the project form's
   * unknown project): here so another language's copy can word them; shared/copy/public-kn.test.ts keeps the two equal.
   */
  serverMessages: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Email must be a valid email address',
    numberRequired: 'Contact number is required',
    numberInvalid: 'Contact number must be a phone number we can call, e.g. 98450 12345 or +91 98450 12345',
    messageRequired: 'Message is required',
    nameTooLong: 'Name must be at most 100 characters',
    emailTooLong: 'Email must be at most 254 characters',
    numberTooLong: 'Contact number must be at most 30 characters',
    messageTooLong: 'Message must be at most 5000 characters',
    validationFailed: 'Please correct the errors and try again.',
    sent: 'Thank you! Your message has been sent.',
    tooMany: 'Too many messages from your address. Please try again later.',
    projectNotFound: 'Project not found',
  },
} as const;

/** The call and WhatsApp buttons (shown only when the Site settings hold the number). */
export const reach = {
  title: 'Talk to us now',
  call: 'Call us',
  whatsapp: 'WhatsApp us',
  /** The prefilled WhatsApp message names what the visitor was looking at. */
  whatsappMessage: (subject: string) => `Hello! I am looking at "${subject}" on your website and would like to know more.`,
  callLabel: (phone: string) => `Call us on ${phone}`,
  whatsappLabel: (subject: string) => `WhatsApp us about ${subject} (opens in a new tab)`,
  interiorSubject: 'Interior design',
} as const;

/** The toast area of the pages that toast (contact, interior). */
export const toasts = {
  areaLabel: 'Notifications',
  close: 'Close notification',
} as const;

/** The language switcher in the header (docs/decisions/0049): each language is named in itself (shared/languages.ts). */
export const language = {
  switcherLabel: 'Language',
  /** The switcher link's accessible name, in the page's language, naming the other language in itself. */
  readIn: (languageName: string) => `Read this page in ${languageName}`,
} as const;

/** The default gallery categories' words (the stored values are free text: a category staff typed in reads as typed). */
const galleryCategory: Readonly<Record<string, string>> = {
  'Residential Project': 'Residential Project',
  Interior: 'Interior',
  'Wooden Carving': 'Wooden Carving',
  Construction: 'Construction',
};

/**
 * How the stored values of fixed choices read on the public site (shared/resource-options.ts): in English
 * the values themselves; another language's copy words them. A gallery category staff typed in reads as typed.
 */
export const options = {
  projectCategory: { Construction: 'Construction', Interior: 'Interior' },
  projectStatus: { Upcoming: 'Upcoming', Ongoing: 'Ongoing', Completed: 'Completed' },
  clientCategory: {
    'Interior Design': 'Interior Design',
    Renovation: 'Renovation',
    Architecture: 'Architecture',
    Commercial: 'Commercial',
    Residential: 'Residential',
  },
  galleryCategory,
  /** The opening hours' short day names ("Mon-Sat: 9AM - 8PM", site settings). */
  weekday: {
    monday: 'Mon',
    tuesday: 'Tue',
    wednesday: 'Wed',
    thursday: 'Thu',
    friday: 'Fri',
    saturday: 'Sat',
    sunday: 'Sun',
  } satisfies Record<Weekday, string>,
} as const;
