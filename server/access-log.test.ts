/**
 * The access log is written in batches (logger.ts, BatchedOutput): no line may be lost when the
 * built server is stopped under load, nor when a process ends in a fatal error.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths';
import { prepareDataDir, startServer } from './test/server-process';

const CLIENTS = 16;

describe('the access log', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has a line for every answered request when the server is stopped (SIGTERM) under load', async () => {
    const dataDir = await prepareDataDir('access-log-');
    dirs.push(dataDir);
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' } });
    let answered = 0;
    let stopping = false;
    // clients asking as fast as they can, until the server stops answering
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        try {
          const reply = await fetch(`${server.base}/healthz`);
          await reply.arrayBuffer();
          answered += 1;
        } catch {
          if (stopping) return;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stopping = true;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await Promise.all(clients);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; path?: string });
    const logged = lines.filter((line) => line.msg === 'request' && line.path === '/healthz').length;
    expect(answered).toBeGreaterThan(100);
    expect(logged).toBeGreaterThanOrEqual(answered);
    expect(lines.at(-1)?.msg).toMatch(/^Stopped in/);
  });

  it('has every line written before a fatal error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fatal-log-'));
    dirs.push(dir);
    const script = path.join(dir, 'crash.ts');
    fs.writeFileSync(
      script,
      [
        `import { createLogger } from ${JSON.stringify(path.join(projectRoot, 'server', 'logger.ts'))};`,
        "const log = createLogger('info');",
        "for (let i = 0; i < 5000; i++) log.info({ i }, 'request');",
        "throw new Error('fatal');",
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.resume();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const numbers = output
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(numbers).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it('writes long and non-ASCII lines whole and in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-log-'));
    dirs.push(dir);
    const script = path.join(dir, 'lines.ts');
    // lines of every size around the 64 KB batch, in Kannada (3 bytes a character in UTF-8) and in ASCII
    const sizes = [1, 20_000, 21_845, 21_846, 70_000, 5, 200_000, 3].flatMap((n) => [['ಕ', n] as const, ['a', n] as const]);
    fs.writeFileSync(
      script,
      [
        `import { createLogger } from ${JSON.stringify(path.join(projectRoot, 'server', 'logger.ts'))};`,
        "const log = createLogger('info');",
        `for (const [c, n] of ${JSON.stringify(sizes)}) log.info({ text: c.repeat(n) }, 'line');`,
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.resume();
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    const logged = Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { text: string }).text);
    expect(logged.length).toBe(sizes.length);
    // compared as a whole, not through toEqual's diff of megabytes
    expect(logged.every((text, i) => text === sizes[i][0].repeat(sizes[i][1]))).toBe(true);
  });
});
