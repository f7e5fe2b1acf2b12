/** The Insights screen's texts (issue 26): what visitors read and what brings enquiries. */
export const insightsCopy = {
  title: 'Insights',
  subtitle: 'What visitors read and what brings enquiries, counted without cookies.',
  period: 'Period',
  periods: [
    { days: 7, label: 'Last 7 days' },
    { days: 30, label: 'Last 30 days' },
    { days: 90, label: 'Last 90 days' },
    { days: 365, label: 'Last 12 months' },
  ],
  visitsLoadFailed: 'Failed to load the visit numbers.',
  enquiriesLoadFailed: 'Failed to load the enquiry numbers.',
  visitsTitle: 'Visitors',
  enquiriesTitle: 'Enquiries',
  totals: {
    views: 'Page views',
    visitors: 'Visitors',
    enquiries: 'Enquiries',
    conversion: 'Enquiries per 100 page views',
    won: 'Won',
    lost: 'Lost',
    firstContact: 'Median time to first contact',
  },
  /** Minutes as a person reads a wait: "45 min", "3 h 5 min", "2 d 4 h". */
  duration: (minutes: number | null) => {
    if (minutes === null) return '—';
    if (minutes < 60) return `${minutes} min`;
    if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
    return `${Math.floor(minutes / (24 * 60))} d ${Math.floor((minutes % (24 * 60)) / 60)} h`;
  },
  charts: {
    perDay: 'Visitors and page views per day',
    pages: 'Top pages',
    referrers: 'Referring sites',
    campaigns: 'Campaigns',
    enquiriesPerDay: 'Enquiries per day',
    sources: 'Enquiries per source',
    projects: 'Enquiries per project',
    conversion: 'Conversion from visit to enquiry per page',
    stages: 'Where the enquiries stand',
  },
  columns: {
    day: 'Day',
    views: 'Page views',
    visitors: 'Visitors',
    page: 'Page',
    host: 'Site',
    campaign: 'Campaign',
    enquiries: 'Enquiries',
    source: 'Source',
    project: 'Project',
    conversion: 'Conversion',
    stage: 'Stage',
  },
  showTable: 'Show as table',
  showChart: 'Show as chart',
  none: 'Nothing counted in this period.',
  noCampaign: '(none)',
  exportLeads: 'Download leads (CSV)',
  exportFailed: 'Failed to download the leads.',
  exportCutShort: 'The download was cut short. Please try again.',
  exported: (fileName: string) => `Downloaded ${fileName}`,
} as const;
