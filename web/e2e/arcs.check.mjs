// Checks the browser's copy of the arc rule (web/views/command-core/geom.js) against the engine's table,
// which crates/games/command-core/tests/reach.rs keeps equal to `arc_of`. Plain Node, no
// browser: `node web/e2e/arcs.check.mjs` (run.sh runs it first). Exits non-zero on a mismatch.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = process.env.GRIDWRIGHT_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { arcOf, FACINGS } = await import(join(root, 'web/views/command-core/geom.js'));
const text = readFileSync(join(root, 'crates/games/command-core/tests/golden/arc-table.txt'), 'utf8');
const LETTER = { F: 'Front', R: 'Right', B: 'Rear', L: 'Left', '.': null };

const lines = text.trimEnd().split('\n');
let passed = 0;
let failed = 0;
let facing = null;
let rows = [];
const flush = () => {
  if (!facing) return;
  const r = (rows.length - 1) / 2;
  rows.forEach((row, j) => [...row].forEach((ch, i) => {
    const want = LETTER[ch];
    const got = arcOf({ x: 0, y: 0 }, facing, { x: i - r, y: j - r });
    if (got === want) passed++;
    else {
      failed++;
      if (failed <= 10) console.error(`facing ${facing} offset (${i - r}, ${j - r}): engine ${want}, web ${got}`);
    }
  }));
};
for (const l of lines) {
  if (FACINGS.includes(l)) { flush(); facing = l; rows = []; } else rows.push(l);
}
flush();
if (passed === 0) failed++;
console.log(`arcs: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
