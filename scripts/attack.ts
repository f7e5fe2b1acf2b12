/**
 * The outsider's attack of issue 22 (items 1-12) against the built server on loopback, one line per item:
 *   npm run build && npm run attack
 * Exits 1 when any hole is open. See server/test/attack-replay.ts for what each item tries.
 */
import { replayAttack } from '../server/test/attack-replay';

const report = await replayAttack((line) =>
  console.log(`item ${String(line.item).padStart(2)}  ${line.name.padEnd(62)} ${line.held ? 'held' : 'OPEN'}  ${line.got}`),
);
const open = report.lines.filter((line) => !line.held);
console.log(open.length ? `${open.length} of ${report.lines.length} items open` : `all ${report.lines.length} items held`);
process.exit(open.length ? 1 : 0);
