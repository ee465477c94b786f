// The Lab page in the browser, end to end (run by run.sh beside the other files, against the
// same server; E2E_ONLY=lab runs it alone). From the top navigation to the Lab; a small run
// (Connect Four, random moves against random moves, 40 games) started from the form, its
// progress bar reaching the end and its charts appearing as SVG images drawn by the server; the
// run in the list of past runs, opened again; a refusal naming the field (a sweep of a key the
// game does not have); a bigger run (MCTS against random moves, 2000 games) cancelled while it
// plays, its progress stopping short. Names on the page are titles, never ids. Screenshots:
// target/e2e-screenshots/lab-*.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { finish, launch, pageErrors } from './browser.mjs';

const env = {
  base: process.env.BASE_URL ?? 'http://127.0.0.1:8080',
  shots: process.env.SCREENSHOT_DIR ?? 'e2e-screenshots',
  browser: process.env.CHROMIUM ?? '/usr/bin/chromium',
};
assert.match(env.base, /^http:\/\/127\.0\.0\.1:\d+$/, 'BASE_URL must be on 127.0.0.1');
mkdirSync(env.shots, { recursive: true });
const t0 = Date.now();
const step = (text) => console.log(`[lab ${((Date.now() - t0) / 1000).toFixed(1)}s] ${text}`);

const browser = await launch(env.browser);
const { errors, watch } = pageErrors();
let failure = null;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watch(page, 'lab');
  await page.goto(`${env.base}/`);
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Lab' }).click();
  await page.waitForURL(/\/lab$/);
  await page.locator('#lab-game option').first().waitFor({ state: 'attached' });
  step('the Lab page from the top navigation');

  // Game and agents by their titles.
  const gameTitles = await page.locator('#lab-game option').allTextContents();
  assert.ok(gameTitles.includes('Connect Four') && gameTitles.includes('Grid Battles'), `game titles: ${gameTitles}`);
  await page.locator('#lab-game').selectOption({ label: 'Connect Four' });
  const agentTitles = await page.locator('#lab-agent-0 option').allTextContents();
  assert.ok(agentTitles.includes('Random moves'), `agent titles: ${agentTitles}`);
  assert.ok(!agentTitles.some((t) => /^(random|mcts|greedy)/.test(t)), `no agent id shown: ${agentTitles}`);

  // A refusal names the field, and nothing is started.
  await page.locator('.lab-form details summary').click();
  await page.locator('#lab-kind').selectOption('sweep');
  await page.locator('#lab-sweep').fill('rows=5..7');
  await page.locator('#lab-start').click();
  await page.locator('#lab-error:not(:empty)').waitFor();
  const refusal = await page.locator('#lab-error').textContent();
  assert.match(refusal ?? '', /sweep.*rows/, `the refusal names the sweep and its key: ${refusal}`);
  assert.match(page.url(), /\/lab$/, 'a refused run is not opened');
  step(`refused: ${refusal}`);
  await page.locator('#lab-kind').selectOption('none');

  // A small run: random against random, 40 games, to the end.
  await page.locator('#lab-agent-0').selectOption({ label: 'Random moves' });
  await page.locator('#lab-agent-1').selectOption({ label: 'Random moves' });
  await page.locator('#lab-games').fill('40');
  await page.locator('#lab-seed').fill('3');
  await page.locator('#lab-start').click();
  await page.waitForURL(/\/lab\/[0-9a-f]{16}$/);
  const runUrl = page.url();
  await page.locator('#lab-status[data-status="done"]').waitFor({ timeout: 60000 });
  const bar = await page.locator('#lab-progress').evaluate((p) => [/** @type {HTMLProgressElement} */ (p).value, /** @type {HTMLProgressElement} */ (p).max]);
  assert.deepEqual(bar, [40, 40], 'the progress bar reaches the end');
  assert.match(await page.locator('#lab-status').textContent() ?? '', /Finished: 40 of 40 games/);
  const chart = page.locator('.lab-chart img').first();
  await chart.waitFor();
  await page.waitForFunction(() => {
    const img = /** @type {HTMLImageElement | null} */ (document.querySelector('.lab-chart img'));
    return !!img && img.complete && img.naturalWidth > 0;
  }, null, { timeout: 10000 });
  const src = await chart.getAttribute('src');
  const svg = await page.evaluate(async (u) => {
    const r = await fetch(u);
    return [r.headers.get('content-type'), (await r.text()).slice(0, 400)];
  }, src);
  assert.equal(svg[0], 'image/svg+xml');
  assert.match(svg[1], /<svg/);
  assert.ok(await page.getByRole('img', { name: /Win rates/ }).count() >= 1, 'the win-rate chart is named for people');
  assert.equal(await page.locator('#lab-cancel').isVisible(), false, 'no cancel on a finished run');
  assert.match(await page.locator('#lab-run h2').textContent() ?? '', /^Connect Four/);
  await page.screenshot({ path: join(env.shots, 'lab-done.png'), fullPage: true });
  step('a 40-game run reached the end with its charts');

  // The run among the past runs, in words; opened again from the list.
  const listed = page.locator('#lab-runs a', { hasText: 'Connect Four' }).first();
  await listed.waitFor();
  assert.match(await listed.textContent() ?? '', /Random moves against Random moves; 40 of 40 games, seed 3\. Finished\./);
  await page.goto(`${env.base}/lab`);
  await page.locator(`#lab-runs a[href="${new URL(runUrl).pathname}"]`).click();
  await page.locator('#lab-status[data-status="done"]').waitFor();
  await page.locator('.lab-chart img').first().waitFor();
  step('opened again from the past runs');

  // A bigger run, cancelled while it plays.
  await page.goto(`${env.base}/lab`);
  await page.locator('#lab-game option').first().waitFor({ state: 'attached' });
  await page.locator('#lab-game').selectOption({ label: 'Connect Four' });
  await page.locator('#lab-agent-0').selectOption('custom');
  await page.locator('#lab-spec-0').fill('mcts:iters=300');
  await page.locator('#lab-games').fill('2000');
  await page.locator('#lab-start').click();
  await page.waitForURL(/\/lab\/[0-9a-f]{16}$/);
  await page.locator('#lab-status[data-status="running"]').waitFor({ timeout: 30000 });
  await page.waitForFunction(() => Number(/** @type {HTMLProgressElement} */ (document.querySelector('#lab-progress'))?.value) > 0, null, { timeout: 30000 });
  await page.locator('#lab-cancel').click();
  await page.locator('#lab-status[data-status="cancelled"]').waitFor({ timeout: 10000 });
  const stopped = await page.locator('#lab-progress').evaluate((p) => /** @type {HTMLProgressElement} */ (p).value);
  assert.ok(stopped > 0 && stopped < 2000, `the run stopped short: ${stopped}`);
  await page.waitForTimeout(2500);
  await page.reload();
  await page.locator('#lab-status[data-status="cancelled"]').waitFor();
  const after = await page.locator('#lab-progress').evaluate((p) => /** @type {HTMLProgressElement} */ (p).value);
  assert.equal(after, stopped, 'nothing was played after the cancel');
  await page.screenshot({ path: join(env.shots, 'lab-cancelled.png'), fullPage: true });
  step(`a 2000-game run cancelled after ${stopped} games`);
} catch (e) {
  failure = e;
}
await finish(browser, { errors, failure, step, shotPath: (c, i) => join(env.shots, `lab-failure-${c}-${i}.png`) });
