/**
 * Lighthouse 12 (mobile settings) and axe-core on every public page of a running server, with the
 * JavaScript each page loads (compressed, as transferred) against the budget of issue 13.
 * Starts no server: `npm run audit:pages -- http://localhost:3000`.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';
import { loadPublicSiteMap } from './load-public-site-map';
import { LANGUAGES, localizedPath } from '../shared/languages';

// the browser the tests use, launched the same way
const CHROME = CHROMIUM_PATH;
const FLAGS = CHROMIUM_FLAGS;
// AUDIT_RUNS: Lighthouse runs per page; the median one (by performance) is reported
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS) || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// the most JavaScript a public page may load, compressed as transferred (issue 13, docs/decisions/0027)
const JS_BUDGET_BYTES = 90 * 1024;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

interface PageFigures {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  /** the page's scripts, largest first: file name and bytes as transferred */
  scripts: { file: string; bytes: number }[];
  imageBytes: number;
  failedAudits: string[];
  runScores: number[];
  axeViolations: string[];
  /** Lighthouse's measure of the host's CPU speed: its 4× slowdown assumes a fast desktop (about 1,000 or more) */
  benchmarkIndex: number;
}

interface ResourceItem {
  resourceType: string;
  transferSize: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function runLighthouse(url: string, port: number) {
  // a cold browser sometimes loses the first trace (NO_NAVSTART): try again before reporting
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) return result.lhr;
  }
}

async function main() {
  const base = (process.argv[2] || process.env.AUDIT_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
  const figures: PageFigures[] = [];
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', ...FLAGS] });
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    // AUDIT_PAGES=/,/about audits only those pages, for a quicker look while working on one
    const only = process.env.AUDIT_PAGES?.split(',').filter(Boolean);
    const siteMap = await loadPublicSiteMap();
    // every page in every language (docs/decisions/0049): the English 8, then the same 8 under /kn
    const everyPage = LANGUAGES.flatMap(({ code }) => siteMap.map((page) => localizedPath(page.path, code)));
    for (const path of only ?? everyPage) {
      const url = `${base}${path}`;
      // Lighthouse's own advice: its simulated figures vary from run to run, so report the median run
      const runs: Awaited<ReturnType<typeof runLighthouse>>[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await runLighthouse(url, chrome.port));
      const performanceOf = (report: (typeof runs)[number]) => report.categories.performance?.score ?? 0;
      const sorted = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
      const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
      const runScores = runs.map((report) => Math.round(performanceOf(report) * 100));
      // AUDIT_JSON_DIR keeps each page's full Lighthouse report for a closer look
      if (process.env.AUDIT_JSON_DIR)
        fs.writeFileSync(
          `${process.env.AUDIT_JSON_DIR}/${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.json`,
          JSON.stringify(lhr),
        );
      const resources = ((lhr.audits['resource-summary']?.details as { items?: ResourceItem[] } | undefined)?.items ??
        []) as ResourceItem[];
      const bytesOf = (type: string) => resources.find((item) => item.resourceType === type)?.transferSize ?? 0;
      const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
        []) as NetworkRequest[];
      const scripts = requests
        .filter((request) => request.resourceType === 'Script')
        .map((request) => ({ file: new URL(request.url).pathname.split('/').pop() ?? request.url, bytes: request.transferSize ?? 0 }))
        .sort((a, b) => b.bytes - a.bytes);
      const failedAudits = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual' &&
            audit.scoreDisplayMode !== 'notApplicable',
        )
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);

      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'networkidle' });
      const axe = await new AxeBuilder({ page }).analyze();
      await context.close();

      figures.push({
        path,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as PageFigures['scores'],
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        jsBytes: bytesOf('script'),
        scripts,
        imageBytes: bytesOf('image'),
        failedAudits,
        runScores,
        axeViolations: axe.violations.map((v) => `${v.id} (${v.nodes.length})`),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
      const f = figures[figures.length - 1];
      console.log(
        `${path.padEnd(24)} perf ${f.scores.performance} a11y ${f.scores.accessibility} bp ${f.scores['best-practices']} seo ${f.scores.seo} | FCP ${f.fcpMs} ms LCP ${f.lcpMs} ms TBT ${f.tbtMs} ms CLS ${f.cls} | JS ${kib(f.jsBytes)} KiB images ${kib(f.imageBytes)} KiB | axe ${f.axeViolations.length} | host benchmark ${f.benchmarkIndex}${RUNS > 1 ? ` | perf of the ${RUNS} runs: ${f.runScores.join(', ')}` : ''}`,
      );
      if (f.failedAudits.length) console.log(`  below 100: ${f.failedAudits.join(', ')}`);
      // AUDIT_SCRIPTS=1 lists each page's scripts, to see what a page's JavaScript is made of
      if (process.env.AUDIT_SCRIPTS) for (const script of f.scripts) console.log(`  ${kib(script.bytes).padStart(6)} KiB ${script.file}`);
      if (f.axeViolations.length) console.log(`  axe: ${f.axeViolations.join(', ')}`);
    }
  } finally {
    await browser.close();
    chrome.kill();
  }
  // the table for the notes: scores and JavaScript per page
  console.log('\n| page | performance | accessibility | best practices | SEO | JS (KiB, compressed) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const f of figures)
    console.log(
      `| ${f.path} | ${CATEGORIES.map((c) => f.scores[c]).join(' | ')} | ${kib(f.jsBytes)}${f.jsBytes > JS_BUDGET_BYTES ? ' (over)' : ''} |`,
    );
  const perfect = figures.every((f) => CATEGORIES.every((c) => f.scores[c] === 100) && f.axeViolations.length === 0);
  const withinBudget = figures.every((f) => f.jsBytes <= JS_BUDGET_BYTES);
  console.log(
    perfect ? '\nEvery page: 100/100/100/100 and no axe violation.' : '\nSome pages are below 100 or have axe violations (listed above).',
  );
  console.log(
    withinBudget
      ? `Every page loads at most ${kib(JS_BUDGET_BYTES)} KiB of JavaScript.`
      : `Some pages load more than ${kib(JS_BUDGET_BYTES)} KiB of JavaScript (marked "over").`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
