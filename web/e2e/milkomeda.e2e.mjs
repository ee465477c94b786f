// Milkomeda in the browser, end to end (run by run.sh after starcore.e2e.mjs, against the same
// server). At 1280×800, from the lobby, a whole three-seat match of the shipped "Small three"
// setup (5 × 5 grid, 22 sector cards; one person, two greedy AI seats) with a fixed seed (the
// lobby's create request gets `seed`, which the server keeps when no other person plays): the
// person plays by pointing — the starting exploration (a drawn card, a highlighted space, the
// rotation preview with its four corners), explorations and fleet moves on the board, attacks
// whenever the main action offers one, a bribe in the Master's round built in the negotiation
// panel (resource, amount, condition), the sealed fleet roster and hit allocation on the roster
// card behind the screen, the rest through the stepwise picker — with a reload in the middle,
// to the end: the result panel with victory points by source, Rematch and the replay. The
// battle mat's arrows are checked against the rulebook's ship table (§10), typed here from its
// words. Then two browser contexts as two people in one match and a third as a spectator,
// each seeing the others' moves live; the start at 390×844 without horizontal scrolling; and
// hotseat (two people and an AI) covering the table between the two people; a two-person
// hotseat combat with the cover between their sealed rosters; a directive match (forced by a
// seeded match played over the API) ringed on the map and named in words. No screen ever
// shows more than 30 action buttons; names never read as ids. Screenshots:
// target/e2e-screenshots/milkomeda-*.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { pinSeed } from './browser.mjs';

const env = {
  base: process.env.BASE_URL ?? 'http://127.0.0.1:8080',
  shots: process.env.SCREENSHOT_DIR ?? 'e2e-screenshots',
  browser: process.env.CHROMIUM ?? '/usr/bin/chromium',
  /** How long the whole desktop match may take. */
  playMs: Number(process.env.MILKOMEDA_PLAY_MS ?? 900000),
  /** The desktop match's seed (chosen so that a combat comes early; any seed plays to the end). */
  seed: Number(process.env.MILKOMEDA_SEED ?? 7),
};
const BASE = env.base;
assert.match(BASE, /^http:\/\/127\.0\.0\.1:\d+$/, 'BASE_URL must be on 127.0.0.1');
mkdirSync(env.shots, { recursive: true });
const t0 = Date.now();
const step = (text) => console.log(`[milkomeda ${((Date.now() - t0) / 1000).toFixed(1)}s] ${text}`);

async function shot(page, name) {
  await page.screenshot({ path: join(env.shots, `milkomeda-${name}.png`), fullPage: false });
  step(`screenshot milkomeda-${name}.png`);
}

/** The page's facts: status, whether I act, the phase, what can be pointed at, how many buttons. */
async function facts(page) {
  return page.evaluate(() => {
    const m = document.querySelector('.match');
    const q = (s) => document.querySelectorAll(s).length;
    const visible = (s) => [...document.querySelectorAll(s)].filter((b) => /** @type {HTMLElement} */ (b).offsetParent !== null).length;
    return {
      status: m?.dataset.status, myTurn: m?.dataset.myTurn === 'true', version: Number(m?.dataset.version),
      phase: document.querySelector('.mk-status')?.textContent ?? '',
      drawn: q('.mk-drawn.playable'), dest: q('.mk-target.dest'), origin: q('.mk-target.origin'), rotations: q('.mk-rotation'),
      nego: q('.mk-nego-build'), addable: q('.mk-nego-build button[data-action^="add-"]:not([disabled])'), conditions: q('#mk-condition:not([hidden]) button'),
      keep: q('[data-action="keep"]'), choice: visible('#mk-choice-picker button'),
      roster: visible('#mk-roster button'), sealed: document.querySelector('.mk-screen')?.dataset.sealed ?? '',
      combat: !!document.querySelector('.mk-mat'), story: [...document.querySelectorAll('.mk-story li')].map((li) => /** @type {HTMLElement} */ (li).dataset.kind),
      // Every action button on the screen: the pickers, the panels' action buttons, the board's targets.
      actionButtons: visible('.picker button') + visible('.mk-nego-build button') + visible('.mk-rotation') + visible('.mk-drawn') + q('.mk-target'),
      result: !!document.querySelector('#result.result-panel'),
      // Where a public directive matches for the player to act: the rings' labels, and the
      // positions panel's lines.
      matches: [...document.querySelectorAll('svg.mk-grid .mk-match')].map((e) => e.getAttribute('aria-label') ?? ''),
      matchLines: q('.mk-pos-match'),
      text: document.querySelector('.mk')?.parentElement?.innerText ?? '',
    };
  });
}

/** In the page: whether it is my turn or the match is over. */
const myTurnOrOver = () => ['finished', undefined].includes(document.querySelector('.match')?.dataset.status) ? !!document.querySelector('.match') : document.querySelector('.match')?.dataset.myTurn === 'true';

/** Waits for my turn or the end, then one beat for the view to draw; returns the facts. */
async function settle(page, timeout = 60000) {
  await page.waitForFunction(myTurnOrOver, null, { timeout });
  return page.waitForTimeout(40).then(() => facts(page));
}

async function waitNext(page, v) {
  await page.waitForFunction((old) => Number(document.querySelector('.match')?.dataset.version) > old || document.querySelector('.match')?.dataset.status === 'finished' || !!document.querySelector('.error:not(:empty)'), v, { timeout: 20000 });
}

async function actAndWait(page, locator) {
  const v = (await facts(page)).version;
  await locator.click();
  await waitNext(page, v);
}

/** Clicks an SVG target (dispatching the click: the map scrolls, a target may be off screen). */
async function clickTarget(page, selector) {
  // A new state may draw the map anew between the scroll and the click: the target then is
  // another element; find it again (three tries).
  for (let tries = 1; ; tries++) {
    try {
      const t = page.locator(selector).first();
      await t.scrollIntoViewIfNeeded({ timeout: 5000 });
      await t.dispatchEvent('click', undefined, { timeout: 5000 });
      return;
    } catch (e) {
      if (tries >= 3) throw e;
      await page.waitForTimeout(150);
    }
  }
}

/** Checks the player-language rule on what the page shows. */
function noIds(text, what) {
  assert.doesNotMatch(text, /\b[sdmo]\d{2}\b/, `${what}: a content id shows (${/\b[sdmo]\d{2}\b/.exec(text)?.[0]})`);
  assert.doesNotMatch(text, /\bc\d+r\d+\b/, `${what}: a raw space code shows`);
  assert.doesNotMatch(text, /\{"|undefined|\[object/, `${what}: raw data shows`);
}

/** The directive matches on the map: each ring names its directives and the point in words, and the positions panel says so. */
function checkMatches(f, what) {
  for (const label of f.matches) assert.match(label, /^(Directive \d+ \(position \d\)( and )?)+ match(es)? for P\d where columns \d+ and \d+ meet rows \d+ and \d+$/, `${what}: a directive match reads in words: ${label}`);
  assert.equal(f.matches.length > 0, f.matchLines > 0, `${what}: the map's rings and the positions panel agree (${f.matches.length} rings, ${f.matchLines} lines)`);
}

/**
 * Creates a match from the lobby. `seed`: the create request gets it (the lobby has no field
 * for it; the server keeps a chosen seed only where no other person plays).
 */
async function createFromLobby(page, { seats = ['human', 'ai:greedy', 'ai:greedy'], scenario = 'small-three', seed = null } = {}) {
  await page.goto(`${BASE}/`);
  if (seed !== null) await pinSeed(page, seed);
  await page.locator('input[name="game"][value="milkomeda"]').check();
  await page.locator(`input[name="scenario"][value="${scenario}"]`).check();
  for (const [i, kind] of seats.entries()) await page.locator(`#seat-${i}`).selectOption(kind);
  await page.locator('details.advanced summary').click();
  await page.locator('#ai-delay').fill('0');
  await page.locator('#create-match').click();
  await page.waitForURL(/\/play\/[0-9a-f]{16}$/);
  if (seed !== null) await page.unroute('**/api/matches');
  await page.locator('.mk-grid').waitFor();
  return /\/play\/([0-9a-f]{16})/.exec(page.url())[1];
}

/** Places a drawn card by pointing: the card, a highlighted space, a rotation from the preview. */
async function placeByPointing(page, what) {
  await page.locator('.mk-drawn.playable').first().click();
  const f = await facts(page);
  assert.ok(f.dest > 0, `${what}: the card's legal spaces are highlighted`);
  await clickTarget(page, '.mk-target.dest');
  await page.locator('.mk-rotation').first().waitFor();
  const corners = await page.locator('.mk-rotation').first().locator('.mk-corner').count();
  assert.equal(corners, 4, `${what}: the rotation preview shows the card's four corners`);
  const rotations = await page.locator('.mk-rotation').count();
  const pick = page.locator('.mk-rotation').nth(rotations - 1);
  assert.match(await pick.getAttribute('aria-label'), /turned \d+°/, `${what}: a rotation reads in degrees`);
  await actAndWait(page, pick);
}

/**
 * Picks a leaf of the main picker, opening groups: the first of `want` (`[kind, text prefix]`)
 * offered, else the first leaf. Returns the text picked, or null when the picker is empty.
 */
async function pickSomething(page, want = []) {
  for (let depth = 0; depth < 5; depth++) {
    for (const [kind, text] of want) {
      const leaf = page.locator(`#mk-picker button.picker-leaf[data-action^="${text}"]`);
      if (await leaf.count()) { await actAndWait(page, leaf.first()); return text; }
    }
    const open = await (async () => {
      for (const [kind] of want) {
        const group = page.locator(`#mk-picker button.picker-group[data-group="k:${kind}"]`);
        if (await group.count()) { await group.first().click(); return true; }
      }
      return false;
    })();
    if (open) continue;
    const leaf = page.locator('#mk-picker button.picker-leaf');
    if (await leaf.count()) {
      const text = await leaf.first().getAttribute('data-action');
      await actAndWait(page, leaf.first());
      return text;
    }
    const group = page.locator('#mk-picker button.picker-group');
    if (!(await group.count())) return null;
    await group.first().click();
  }
  return null;
}

// The rulebook's ship table (seed 003, §10), typed from its words, shared with the Node test
// (this file runs from target/e2e-node/).
const SEED_COUNTERS = JSON.parse(readFileSync(new URL('../../web/e2e/unit/fixtures/milkomeda-seed-ships.json', import.meta.url), 'utf8')).counters;

/** The battle mat's arrows as drawn, `from -> to` by the names on the nodes' ship types. */
async function drawnArrows(page) {
  return page.evaluate(() => [...document.querySelectorAll('.mk-mat .mk-arrow')].map((a) => a.querySelector('title')?.textContent ?? ''));
}

/** Checks the drawn arrows against the rulebook's table. */
async function checkArrows(page, what) {
  const titles = await drawnArrows(page);
  const drawn = titles.map((t) => {
    const m = /^(.+) attacks (.+)s$/.exec(t);
    assert.ok(m, `${what}: an arrow reads "<type> attacks <types>": ${t}`);
    return `${m[1].toLowerCase()} -> ${m[2].toLowerCase()}`;
  }).sort();
  const seed = Object.entries(SEED_COUNTERS).flatMap(([a, ts]) => ts.map((t) => `${a} -> ${t}`.toLowerCase())).sort();
  assert.deepEqual(drawn, seed, `${what}: the battle mat's arrows are the rulebook's counters`);
}

/** Plays my turns by pointing until `until(seen)`, the end or the deadline. */
async function play(page, { deadline, until, what, onCombat = async () => {} }) {
  const seen = { explores: 0, moves: 0, offers: 0, picks: 0, maxButtons: 0, turns: 0, attacks: 0, combats: 0, sealed: 0, combatSteps: 0, matched: 0 };
  let stuck = 0;
  let inCombat = false;
  while (Date.now() < deadline && !until(seen)) {
    const f = await settle(page, 90000);
    if (f.status === 'finished') break;
    seen.maxButtons = Math.max(seen.maxButtons, f.actionButtons);
    assert.ok(f.actionButtons <= 30, `${what}: a screen shows ${f.actionButtons} action buttons (${f.phase})`);
    noIds(f.text, `${what} (${f.phase})`);
    checkMatches(f, what);
    if (f.matches.length) {
      seen.matched++;
      if (seen.matched === 1) await shot(page, `${what}-directive-match`);
    }
    if (process.env.MILKOMEDA_TRACE) step(`${what}: ${f.phase} ${JSON.stringify({ ...f, text: undefined })}`);
    if (/^Combat/.test(f.phase)) {
      if (!inCombat) { seen.combats++; inCombat = true; }
      assert.ok(f.combat, `${what}: the battle mat shows in a combat`);
      await onCombat(f, seen);
    } else inCombat = false;
    if (f.roster) {
      // The sealed roster card: a value for the track it names (the middle choice for a fleet, the first for hits).
      const leaves = page.locator('#mk-roster button.picker-leaf');
      const k = await leaves.count();
      assert.ok(k > 0, `${what}: the roster card offers values`);
      await actAndWait(page, leaves.nth(f.sealed === 'configure' ? Math.floor((k - 1) / 2) : 0));
      seen.sealed++;
      continue;
    }
    if (f.drawn) {
      await placeByPointing(page, what);
      seen.explores++;
      if (seen.explores === 1) await shot(page, `${what}-placed`);
      continue;
    }
    if (f.nego) {
      if (seen.offers === 0 && f.addable && !f.conditions) {
        await actAndWait(page, page.locator('.mk-nego-build button[data-action^="add-"]:not([disabled])').first());
        continue;
      }
      if (seen.offers === 0 && f.conditions) {
        await shot(page, `${what}-offer`);
        const text = await page.locator('.mk-nego').innerText();
        assert.match(text, /Bribe being built: \d+ (blue|orange|red|green)/, `${what}: the bribe being built is shown`);
        // The condition, a step at a time: a group (card, refresh) then an option.
        for (let i = 0; i < 3; i++) {
          const leaf = page.locator('#mk-condition button.picker-leaf');
          if (await leaf.count()) { await actAndWait(page, leaf.first()); break; }
          await page.locator('#mk-condition button.picker-group').first().click();
        }
        seen.offers++;
        const after = await page.locator('.mk-nego').innerText();
        assert.match(after, /(paid|offers) \d+ (blue|orange|red|green)/, `${what}: the offer shows in the panel: ${after}`);
        continue;
      }
      if (f.keep) { await actAndWait(page, page.locator('[data-action="keep"]').first()); continue; }
    }
    if (f.origin && (/attacks/.test(f.phase) || /moves fleets/.test(f.phase))) {
      await clickTarget(page, '.mk-target.origin');
      const g = await facts(page);
      assert.ok(g.dest > 0, `${what}: the reachable sectors are highlighted`);
      const v = g.version;
      await clickTarget(page, '.mk-target.dest');
      await page.waitForTimeout(60);
      if ((await facts(page)).version === v) {
        // Several counts: the choice picker at that sector (all the fleets for an attack).
        const leaf = page.locator('#mk-choice-picker button.picker-leaf');
        if (await leaf.count()) await actAndWait(page, leaf.last());
        else await waitNext(page, v);
      }
      if (/attacks/.test(f.phase)) seen.attacks++; else seen.moves++;
      continue;
    }
    if (f.dest && /explores/.test(f.phase)) {
      // A probe: click the highlighted sector it leaves from.
      const v = f.version;
      await clickTarget(page, '.mk-target.dest');
      await waitNext(page, v);
      continue;
    }
    // Main actions: an attack whenever one is offered (for the first two combats), else explore
    // (which brings the grid-completion ending nearer) and move in turn; then end the turn.
    const main = seen.moves * 2 < seen.explores ? ['move', 'explore'] : ['explore', 'move'];
    if (seen.combats < 2) main.unshift('attack');
    const v = f.version;
    const got = await pickSomething(page, [...main.map((m) => ['main', m]), ['engage', 'engage'], ['launch', 'launch the probes'], ['done', 'done'], ['end_turn', 'end turn'], ['no_module', 'no module'], ['boost', 'no boost']]);
    if (got === null) {
      stuck++;
      assert.ok(stuck < 5, `${what}: nothing to do at ${f.phase}`);
      await page.waitForTimeout(200);
    } else {
      stuck = 0;
      seen.picks++;
      if ((await facts(page)).version === v) await waitNext(page, v).catch(() => {});
    }
    if (['explore', 'move', 'attack'].includes(got ?? '')) seen.turns++;
  }
  return seen;
}

const add = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, k === 'maxButtons' ? Math.max(a[k], b[k]) : a[k] + b[k]]));

const browser = await chromium.launch({ executablePath: env.browser, args: ['--no-sandbox'] });
try {
  // The desktop match and everything else (two people and a spectator, the phone, hotseat,
  // the forced directive match) run side by side in their own browser contexts: each mostly
  // waits on the server and the AI's pacing.
  await Promise.all([
    (async () => {
      // ---- desktop: a whole match ---------------------------------------------------------------
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // The AI seats' states at the Fast pace (0.3 s each): the story is still shown one state at a
      // time, and the whole match fits the test command's budget.
      await ctx.addInitScript(() => localStorage.setItem('gridwright.pace', 'fast'));
      const page = await ctx.newPage();
      page.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
      const id = await createFromLobby(page, { seed: env.seed });
      step(`desktop: match ${id} (Small three, seed ${env.seed})`);
      let f = await settle(page);
      assert.match(f.phase, /Setup: P1 places a starting sector/, `the setup's starting exploration comes first: ${f.phase}`);
      const home = await page.locator('.mk-tile.side-0').first().boundingBox();
      const map = await page.locator('.mk-map').boundingBox();
      assert.ok(home && map && home.x >= map.x - 1 && home.y >= map.y - 1 && home.x + home.width <= map.x + map.width + 1, 'my homeworld is in view at the start');
      assert.ok(await page.locator('.mk-tile .mk-corner').count() >= 4, 'a card shows its corners');
      await shot(page, 'desktop-start');
      // Zoom in and out.
      const w0 = await page.locator('svg.mk-grid').evaluate((e) => e.getBoundingClientRect().width);
      await page.locator('[data-zoom="in"]').click();
      const w1 = await page.locator('svg.mk-grid').evaluate((e) => e.getBoundingClientRect().width);
      assert.ok(w1 > w0, 'zooming in enlarges the map');
      await page.locator('[data-zoom="out"]').click();

      // The combat, seen from the person's seat: the sealed roster card behind the screen, the
      // reveal, the dice, marks and casualties, each a step of the story, in order.
      const combat = { shots: new Set(), arrows: false, kinds: new Set() };
      const onCombat = async (g) => {
        if (!combat.arrows) { await checkArrows(page, 'desktop'); combat.arrows = true; }
        for (const k of g.story) combat.kinds.add(k);
        if (g.sealed && g.roster && !combat.shots.has(g.sealed)) {
          combat.shots.add(g.sealed);
          const screen = await page.locator('.mk-screen').innerText();
          assert.match(screen, /Behind your screen/, 'desktop: the sealed choice is made behind a screen');
          const choice = await page.locator('#mk-roster button.picker-leaf').first().innerText();
          assert.match(choice, /frigate|cruiser|platform|carrier|squadron/i, `desktop: a sealed choice names its ship type: ${choice}`);
          // Only for the screenshot: the screen may be drawn anew meanwhile (a new state arrived).
          await page.locator('.mk-screen').scrollIntoViewIfNeeded({ timeout: 5000 }).catch(() => {});
          await shot(page, `desktop-combat-${g.sealed}`);
        }
      };
      const deadline = Date.now() + env.playMs;
      let seen = await play(page, { deadline, what: 'desktop', onCombat, until: (x) => x.explores >= 3 && x.moves >= 1 });
      step(`desktop before the reload: ${JSON.stringify(seen)}`);
      const before = await facts(page);
      const tilesBefore = await page.locator('.mk-tile').count();
      await page.reload();
      await page.locator('.mk-grid').waitFor();
      await page.waitForFunction((v) => Number(document.querySelector('.match')?.dataset.version) >= v, before.version, { timeout: 20000 });
      assert.ok(await page.locator('.mk-tile').count() >= tilesBefore, 'the placed cards survive the reload');
      await shot(page, 'desktop-reloaded');
      // On to the end; the story of each combat is watched while it runs (the pace shows one state at a time).
      const watcher = setInterval(async () => {
        try {
          const kinds = await page.evaluate(() => [...document.querySelectorAll('.mk-story li')].map((li) => /** @type {HTMLElement} */ (li).dataset.kind));
          for (const k of kinds) combat.kinds.add(k);
          for (const [kind, name] of [['rolled', 'dice'], ['casualties', 'story']]) {
            if (!kinds.includes(kind) || combat.shots.has(name)) continue;
            combat.shots.add(name);
            await page.locator('.mk-combat').scrollIntoViewIfNeeded();
            await shot(page, `desktop-combat-${name}`);
          }
        } catch { /* the page is between states */ }
      }, 150);
      const more = await play(page, { deadline, what: 'desktop', onCombat, until: () => false });
      clearInterval(watcher);
      seen = add(seen, more);
      step(`desktop: ${JSON.stringify(seen)}; combat steps seen: ${[...combat.kinds].join(', ')}`);
      assert.ok(seen.explores >= 2, 'explorations were played by pointing');
      assert.ok(seen.moves >= 1, 'a fleet move was played by pointing');
      assert.ok(seen.offers >= 1, 'an offer was made in the Master\'s round');
      assert.ok(seen.combats >= 1 && seen.sealed >= 1, `a combat with sealed choices was fought (${seen.combats} combats, ${seen.sealed} sealed steps)`);
      assert.ok(combat.arrows, 'the battle mat was drawn and checked');
      for (const k of ['combat_started', 'rosters_revealed', 'rolled', 'casualties', 'combat_ended']) assert.ok(combat.kinds.has(k), `the combat story showed ${k}`);
      // Whether a public directive matches for me depends on the game's course (this seeded match
      // may never give one): every screen with rings was checked above (words, and the rings agree
      // with the positions panel); web/e2e/unit/milkomeda-model.test.mjs checks the labels.
      step(`desktop: a directive match ringed on ${seen.matched} of my screens`);
      const motions = Number(await page.locator('.mk-combat').getAttribute('data-motions') ?? 0);
      assert.ok(motions > 0, 'combat steps came in with motion');
      step(`desktop: ${motions} combat animations since the reload`);

      // The end: the result panel with the score by source, Rematch and the replay.
      await page.waitForFunction(() => document.querySelector('.match')?.dataset.status === 'finished', null, { timeout: Math.max(1000, deadline - Date.now()) });
      await page.locator('#result.result-panel').waitFor();
      const result = await page.locator('#result').innerText();
      assert.match(result, /Victory points by source/, 'the result panel shows the score by source');
      const heads = await page.locator('#result .result-breakdown thead th').allTextContents();
      assert.deepEqual(heads, ['Player', 'Sectors', 'Structures', 'Fleets', 'Orange', 'Objectives', 'Grid bonus', 'Total']);
      assert.equal(await page.locator('#result .result-breakdown tbody tr').count(), 3, 'a row per player');
      // Each row's sources add up to its total.
      for (const row of await page.locator('#result .result-breakdown tbody tr').all()) {
        const v = (await row.locator('td').allTextContents()).map(Number);
        assert.equal(v.slice(0, 6).reduce((a, b) => a + b, 0), v[6], `a total is its sources' sum: ${v}`);
      }
      noIds(result, 'the result panel');
      await shot(page, 'desktop-result');
      step(`desktop: the match ended: ${result.split('\n')[0]}`);
      assert.ok(await page.locator('#rematch').isVisible(), 'Rematch is offered');
      await page.locator('#result-replay').click();
      await page.waitForURL(/\/replay\/[0-9a-f]{16}$/);
      await page.locator('.mk-grid').waitFor();
      await shot(page, 'desktop-replay');
      await page.goBack();
      await page.locator('#rematch').click();
      await page.waitForURL((u) => /\/play\/[0-9a-f]{16}$/.test(u.pathname) && !u.pathname.endsWith(id));
      await page.locator('.mk-grid').waitFor();
      step('desktop: Rematch started a new match');
      await ctx.close();

    })(),
    (async () => {
      // ---- two people in one match and a spectator, live -----------------------------------------
      await twoPeopleAndASpectator();

      // ---- phone --------------------------------------------------------------------------
      const mctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const mob = await mctx.newPage();
      mob.on('pageerror', (e) => { throw new Error(`phone page error: ${e.message}`); });
      await createFromLobby(mob, { seed: env.seed });
      let f = await settle(mob);
      const { sw, iw } = await mob.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
      assert.ok(sw <= iw, `phone: the page is ${sw}px wide at a ${iw}px viewport`);
      await shot(mob, 'phone-start');
      const ms = await play(mob, { deadline: Date.now() + 150000, what: 'phone', until: (x) => x.combats >= 1 && x.sealed >= 1 });
      assert.ok(ms.explores >= 1, 'phone: an exploration by pointing');
      if (ms.combats) {
        const w = await mob.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(w <= iw, `phone: in a combat the page is ${w}px wide`);
        await mob.locator('.mk-combat').scrollIntoViewIfNeeded();
        await shot(mob, 'phone-combat');
      }
      await shot(mob, 'phone-later');
      await mctx.close();

      // ---- hotseat: two people on one device, the cover between them -------------------------
      const hctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const hot = await hctx.newPage();
      hot.on('pageerror', (e) => { throw new Error(`hotseat page error: ${e.message}`); });
      await createFromLobby(hot, { seats: ['human', 'human', 'ai:greedy'] });
      f = await settle(hot);
      assert.equal(await hot.locator('#hotseat-cover').isVisible(), false, 'hotseat: no cover before the first hand-over');
      // P1's starting exploration: place what can be paid for, then done.
      for (let i = 0; i < 6 && !(await hot.locator('#hotseat-cover').isVisible()); i++) {
        if ((await facts(hot)).drawn) await placeByPointing(hot, 'hotseat');
        else if ((await facts(hot)).myTurn) await pickSomething(hot, [['done', 'done']]);
        await hot.waitForTimeout(150);
      }
      await hot.locator('#hotseat-cover').waitFor({ state: 'visible', timeout: 15000 });
      assert.match(await hot.locator('#hotseat-cover').textContent(), /Pass the device to P2/, 'hotseat: the cover names the next player');
      assert.equal(await hot.locator('.mk-side').isVisible(), false, 'hotseat: no panel shows under the cover');
      assert.equal(await hot.locator('.mk-grid').isVisible(), false, 'hotseat: the map does not show under the cover');
      await shot(hot, 'hotseat-cover');
      await hot.locator('#hotseat-reveal').click();
      f = await settle(hot);
      assert.match(f.phase, /P2 places a starting sector/, `hotseat: after confirming, P2 plays its setup: ${f.phase}`);
      assert.ok(f.drawn > 0, 'hotseat: P2 sees its own drawn cards');
      await hctx.close();

      // ---- hotseat during a combat: the cover hides each side's sealed choices ----------------
      await hotseatCombat();

      // ---- a directive match ringed on the map (forced by a seeded match) ---------------------
      await directiveMatchShown();
    })(),
  ]);
  step('done');
} finally {
  await browser.close();
}

/**
 * Two people in one match, each in a browser context of their own, and a spectator in a third:
 * P1 creates it from the lobby with P2's seat open, P2 joins by the invite link, the spectator
 * opens the same link; each move of one person shows at the other and at the spectator
 * without a reload, and the spectator never gets an action to play.
 */
async function twoPeopleAndASpectator() {
  const [ca, cb, cs] = await Promise.all([0, 1, 2].map(() => browser.newContext({ viewport: { width: 1280, height: 800 } })));
  const [a, b, sp] = await Promise.all([ca.newPage(), cb.newPage(), cs.newPage()]);
  for (const [p, who] of [[a, 'P1'], [b, 'P2'], [sp, 'spectator']]) p.on('pageerror', (e) => { throw new Error(`${who} page error: ${e.message}`); });
  const id = await createFromLobby(a, { seats: ['human', 'open', 'ai:greedy'] });
  const link = await a.locator('#share-link').getAttribute('data-link');
  assert.equal(link, `${BASE}/play/${id}`, 'the invite link is the bare match address');
  await b.goto(link);
  await b.locator('.match-tools button', { hasText: /^Join as P2$/ }).click();
  await b.waitForFunction(() => /You play P2/.test(document.querySelector('.you')?.textContent ?? ''));
  await sp.goto(link);
  await sp.waitForFunction(() => /You are watching/.test(document.querySelector('.you')?.textContent ?? ''));
  const version = (p) => p.evaluate(() => Number(document.querySelector('.match')?.dataset.version));
  const tiles = (p) => p.locator('.mk-tile').count();
  // P1's setup: one card placed shows at P2 and the spectator.
  await settle(a);
  const t0 = await tiles(sp);
  await placeByPointing(a, 'two people (P1)');
  const v1 = await version(a);
  /** Each of `pages` shows version `v` and more cards than `before`, without a reload. */
  const seeLive = async (pages, v, before, what) => {
    for (const [p, who] of pages) {
      await p.waitForFunction((x) => Number(document.querySelector('.match')?.dataset.version) >= x, v, { timeout: 15000 });
      assert.ok(await tiles(p) > before, `${who} sees ${what} without a reload`);
    }
  };
  await seeLive([[b, 'P2'], [sp, 'the spectator']], v1, t0, 'P1\'s card');
  // P1 finishes its setup; then P2 plays and P1 and the spectator see it.
  for (let i = 0; i < 6 && !(await b.evaluate(() => document.querySelector('.match')?.dataset.myTurn === 'true')); i++) {
    const g = await facts(a);
    if (g.myTurn && g.drawn) await placeByPointing(a, 'two people (P1)');
    else if (g.myTurn) await pickSomething(a, [['done', 'done']]);
    await a.waitForTimeout(150);
  }
  const gb = await settle(b);
  assert.match(gb.phase, /P2 places a starting sector/, `P2 plays its setup: ${gb.phase}`);
  const t1 = await tiles(sp);
  await placeByPointing(b, 'two people (P2)');
  const v2 = await version(b);
  await seeLive([[a, 'P1'], [sp, 'the spectator']], v2, t1, 'P2\'s card');
  assert.equal(await sp.evaluate(() => document.querySelector('.match')?.dataset.myTurn), 'false', 'the spectator has nothing to play');
  assert.equal(await sp.locator('.mk-target, .mk-drawn.playable, #mk-picker button.picker-leaf').count(), 0, 'the spectator is offered nothing to point at');
  noIds(await sp.locator('.mk').innerText(), 'the spectator\'s view');
  await shot(sp, 'spectator');
  step('two people and a spectator: each move showed live at the others');
  await Promise.all([ca.close(), cb.close(), cs.close()]);
}

/** One JSON request to the server's API (a token when given); fails the test on an error answer. */
async function call(method, path, token, body) {
  const r = await fetch(`${BASE}${path}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = await r.json();
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
  return j;
}

/**
 * A directive match on the map, forced: a two-person hotseat match of the Small duel (seed 16)
 * is played over the API, each move a fixed pick among the legal ones, until a public directive
 * matches for the person on move (the game reports it in the observation's positions); then the
 * page must ring that point on the map, name the directive and the point in words, and list it
 * in the positions panel.
 */
async function directiveMatchShown() {
  const created = await call('POST', '/api/matches', null, { game: 'milkomeda', scenario: 'small', seats: [{ kind: 'human' }, { kind: 'human' }], hotseat: true, seed: 16 });
  const id = created.match.id;
  const token = created.seats[0].token;
  const link = created.seats[0].link;
  const matched = (x) => (x.observation?.positions ?? []).some((p) => (p.matches ?? []).length > 0) && (x.legal ?? []).length > 0;
  let st = await call('GET', `/api/matches/${id}/state`, token);
  let n = 0;
  for (; n < 1500 && st.status === 'running' && !matched(st); n++) {
    const l = st.legal[(n * 2654435761) % st.legal.length];
    st = await call('POST', `/api/matches/${id}/actions`, token, { version: st.version, action: l.action, seat: l.seat });
  }
  assert.ok(matched(st), `directive match: none came up in ${n} moves (seed 16)`);
  const points = st.observation.positions.flatMap((p) => p.matches ?? []);
  step(`directive match: match ${id}, ${points.length} point(s) after ${n} moves`);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => { throw new Error(`directive match page error: ${e.message}`); });
  await page.goto(link.startsWith('http') ? link : `${BASE}${link}`);
  await page.locator('svg.mk-grid, #hotseat-cover:not([hidden])').first().waitFor({ timeout: 30000 });
  if (await page.locator('#hotseat-cover').isVisible()) await page.locator('#hotseat-reveal').click();
  await page.locator('svg.mk-grid .mk-match').first().waitFor({ timeout: 15000 });
  const f = await facts(page);
  assert.equal(f.matches.length, new Set(points.map((p) => p.join(','))).size, `directive match: one ring per matching point (${f.matches.join(' | ')})`);
  checkMatches(f, 'directive match');
  for (const [col, row] of points) {
    assert.ok(f.matches.some((m) => m.includes(`columns ${col} and ${col + 1} meet rows ${row} and ${row + 1}`)), `directive match: the ring at columns ${col}, rows ${row} is named (${f.matches.join(' | ')})`);
  }
  noIds(f.text, 'directive match');
  // Each player's civilization by name beside its storage, its ability in a tip.
  await page.locator('.mk-civ').first().waitFor({ timeout: 10000 });
  const civs = await page.locator('.mk-civ').evaluateAll((els) => els.map((e) => [e.textContent, /** @type {HTMLElement} */ (e).dataset.tip]));
  assert.deepEqual(civs.map(([name]) => name), ['Helix Cultivators', 'Void Navigators'], 'the civilizations at the table, by name');
  assert.match(civs[1][1] ?? '', /^Void Navigators: Moves fleets up to 2 sectors/, 'a civilization\'s ability in words');
  await shot(page, 'directive-match');
  await ctx.close();
}

/**
 * Hotseat during a combat: a two-person hotseat match of the Small duel is played through the
 * HTTP API (with the shared token) to a combat both people fight, then opened in the browser.
 * Each person seals fleet rosters (and hit allocations) behind the screen; whenever the device
 * must change hands, the cover shows and nothing of the table (no map, no battle mat, no
 * screen, no log) shows under it, and the next person's screen does not show the other's
 * sealed choice.
 */
async function hotseatCombat() {
  const created = await call('POST', '/api/matches', null, { game: 'milkomeda', scenario: 'small', seats: [{ kind: 'human' }, { kind: 'human' }], hotseat: true, seed: 11 });
  const id = created.match.id;
  const token = created.seats[0].token;
  const link = created.seats[0].link;
  let st = await call('GET', `/api/matches/${id}/state`, token);
  // Towards a fight: attacks first, then fleet moves towards the grid's centre (5 x 5), else a
  // fixed pseudo-random pick.
  const rank = (a) => {
    const k = typeof a === 'string' ? a : Object.keys(a)[0];
    if (k === 'attack_fleets') return 1000;
    if (a === 'engage') return 900;
    if (k === 'main') return a.main === 'attack' ? 800 : a.main === 'move' ? 700 : 600;
    if (k === 'move_fleets') return 500 - Math.abs(a.move_fleets.to[0] - 2) - Math.abs(a.move_fleets.to[1] - 2) + Math.abs(a.move_fleets.from[0] - 2) + Math.abs(a.move_fleets.from[1] - 2);
    return 0;
  };
  let n = 0;
  const bothSeal = (x) => x.observation?.combat?.stage?.kind === 'configure' && (x.turn?.seats?.length ?? 0) === 2;
  for (; n < 3000 && st.status !== 'finished' && !bothSeal(st); n++) {
    const legal = st.legal ?? [];
    assert.ok(legal.length, `hotseat combat: nobody may act at move ${n}`);
    const best = Math.max(...legal.map((l) => rank(l.action)));
    const top = legal.filter((l) => rank(l.action) === best);
    const l = top[(n * 2654435761) % top.length];
    st = await call('POST', `/api/matches/${id}/actions`, token, { version: st.version, action: l.action, seat: l.seat });
  }
  assert.ok(bothSeal(st), `hotseat combat: no combat with both people sealing in ${n} moves`);
  step(`hotseat combat: match ${id}, a combat at move ${n}`);
  const cctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await cctx.newPage();
  page.on('pageerror', (e) => { throw new Error(`hotseat combat page error: ${e.message}`); });
  await page.goto(link.startsWith('http') ? link : `${BASE}${link}`);
  // The match is drawn (the battle mat, or the cover before it) before anything is read.
  await page.locator('.mk-mat, #hotseat-cover:not([hidden])').first().waitFor({ timeout: 30000 });
  let covers = 0;
  let sealedSteps = 0;
  const cover = page.locator('#hotseat-cover');
  for (let i = 0; i < 80 && covers < 3; i++) {
    await page.waitForFunction(() => !document.querySelector('#hotseat-cover')?.hidden || document.querySelector('.match')?.dataset.myTurn === 'true' || document.querySelector('.match')?.dataset.status === 'finished', null, { timeout: 30000 });
    if (await cover.isVisible()) {
      const text = await cover.innerText();
      const m = /Pass the device to P(\d)/.exec(text);
      assert.ok(m, `hotseat combat: the cover names the next player: ${text}`);
      const next = Number(m[1]) - 1;
      assert.equal(await page.locator('.mk-grid').isVisible(), false, 'hotseat combat: the map does not show under the cover');
      assert.equal(await page.locator('.mk-mat').isVisible(), false, 'hotseat combat: the battle mat does not show under the cover');
      assert.equal(await page.locator('.mk-screen').isVisible(), false, 'hotseat combat: no screen shows under the cover');
      assert.equal(await page.locator('.mk-side').isVisible(), false, 'hotseat combat: no panel shows under the cover');
      const shown = await page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(shown, /Behind your screen|roster card/, 'hotseat combat: no sealed choice shows under the cover');
      if (covers === 0) await shot(page, 'hotseat-combat-cover');
      covers++;
      await page.locator('#hotseat-reveal').click();
      await page.waitForTimeout(100);
      // The screen now shows the next person's side.
      const viewer = await page.evaluate(() => document.querySelector('.match')?.dataset.viewer);
      assert.equal(viewer, String(next), `hotseat combat: after the cover the screen is P${next + 1}'s`);
      continue;
    }
    const f = await facts(page);
    if (f.status === 'finished' || !f.combat) break;
    if (f.roster) {
      const leaves = page.locator('#mk-roster button.picker-leaf');
      const k = await leaves.count();
      await actAndWait(page, leaves.nth(k - 1));
      sealedSteps++;
      continue;
    }
    // A step that is not sealed (a mark): the first choice offered.
    const got = await pickSomething(page, []);
    if (got === null) await page.waitForTimeout(200);
  }
  step(`hotseat combat: ${covers} covers during the combat, ${sealedSteps} sealed steps`);
  assert.ok(covers >= 1 && sealedSteps >= 2, `hotseat combat: the cover came between the two people's sealed choices (${covers} covers, ${sealedSteps} sealed steps)`);
  await cctx.close();
}
