// What every end-to-end file does with its browser (imported by play.e2e.mjs, starcore.e2e.mjs
// and milkomeda.e2e.mjs): start Chromium headless and quiet, collect the pages' script errors,
// and pin the seed of the matches a page creates.

import { chromium } from 'playwright-core';

/**
 * Chromium at `executablePath`, headless, without background traffic. Playwright starts it with
 * a fresh, empty profile (--user-data-dir in a new temporary directory) on every launch and
 * removes it afterwards; it refuses the flag from callers.
 */
export function launch(executablePath) {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * The script errors of the watched pages: `watch(page, name)` records each uncaught exception
 * and console error of `page` under `name` in `errors` (a socket's or a fetch's network failure
 * is not a script error).
 */
export function pageErrors() {
  /** @type {string[]} */
  const errors = [];
  const watch = (page, name) => {
    page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && !/WebSocket|ERR_CONNECTION|Failed to load resource/.test(m.text()) && errors.push(`${name} console: ${m.text()}`));
  };
  return { errors, watch };
}

/**
 * Ends a file's run: it passed if nothing failed (`failure`, what its checks threw, or null)
 * and its pages had no script error. Otherwise prints the failure and the page errors and saves
 * a screenshot of every open page, at `shotPath(context index, page index)`. Closes the browser
 * and exits, 1 on failure.
 */
export async function finish(browser, { errors, failure, step, shotPath }) {
  let failed = failure;
  if (!failed && errors.length) failed = new Error('there were script errors in the page');
  if (!failed) {
    step('PASS');
  } else {
    console.error(`FAIL: ${failed.stack ?? failed}`);
    if (errors.length) console.error(`page errors:\n  ${errors.join('\n  ')}`);
    for (const [c, ctx] of browser.contexts().entries()) {
      for (const [i, p] of ctx.pages().entries()) await p.screenshot({ path: shotPath(c, i) }).catch(() => {});
    }
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

/**
 * Pins the seed of every match `page` creates from now on: each `POST /api/matches` is sent on
 * with `seed` added to its body (the lobby has no seed field).
 */
export async function pinSeed(page, seed) {
  await page.route('**/api/matches', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    const body = JSON.parse(req.postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, seed }) });
  });
}
