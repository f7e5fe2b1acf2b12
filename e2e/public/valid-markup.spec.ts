/**
 * The Nu HTML Checker (the W3C validator, npm package vnu-jar) on the server-rendered HTML of every public page and the
 * login page: no errors. Titles are held to 70 characters, what search results show. The checker runs once for all
 * pages: a Java start costs seconds.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vnuJar from 'vnu-jar';
import { PUBLIC_PAGES } from '../fixtures/public-pages';
import { LANGUAGES, localizedPath } from '../../shared/languages';
import { expect, test } from '../fixtures/test';
import { firstProjectEnquiryPath } from './public-helpers';

// every public page in every language (docs/decisions/0049), and the login page
const PAGES = [...LANGUAGES.flatMap(({ code }) => PUBLIC_PAGES.map((path) => localizedPath(path, code))), '/admin/login'];
const MAX_TITLE_LENGTH = 70;

interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Runs `java -jar vnu.jar --errors-only --format json` on the files; the report comes on stderr. */
function runNuChecker(files: string[]): Promise<NuMessage[]> {
  // C1 only: the checker finishes in well under half the time; C1's deeper frames need the bigger stack
  const args = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-jar', String(vnuJar), '--errors-only', '--format', 'json', ...files];
  return new Promise((resolve, reject) => {
    const child = spawn('java', args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'The Nu HTML Checker needs Java 11 or newer and `java` is not on PATH: install it (apt-get install -y default-jre-headless).',
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      // exit code 1 means "errors found": the JSON says which
      try {
        resolve((JSON.parse(stderr || stdout) as { messages: NuMessage[] }).messages);
      } catch {
        reject(new Error(`The Nu HTML Checker ended with code ${code} and no report:\n${stderr}${stdout}`));
      }
    });
  });
}

test('valid markup: the Nu HTML Checker finds no error on any public page or the login page, and titles fit in 70 characters', async ({
  request,
}) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'nu-check-'));
  try {
    const pageOf = new Map<string, string>();
    // and the project form (issue 26), one page per project, in no menu or sitemap
    const enquiry = await firstProjectEnquiryPath(request);
    for (const [i, pagePath] of [...PAGES, enquiry, localizedPath(enquiry, 'kn')].entries()) {
      const response = await request.get(pagePath);
      expect(response.status(), pagePath).toBe(200);
      const html = await response.text();
      const title = titleOf(html);
      expect(title.length, `the <title> of ${pagePath}: "${title}"`).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
      const file = path.join(dir, `page-${i}.html`);
      await writeFile(file, html);
      pageOf.set(file, pagePath);
    }
    const messages = await runNuChecker([...pageOf.keys()]);
    const errors = messages.map((m) => {
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : '';
      return `${pageOf.get(file) ?? file}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.type}: ${m.message} [${(m.extract ?? '').trim()}]`;
    });
    expect(errors, `Nu HTML Checker errors:\n${errors.join('\n')}`).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** The text of the page's <title>, entities decoded. */
function titleOf(html: string): string {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  expect(match, 'the page has a <title>').not.toBeNull();
  return match![1]
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}
