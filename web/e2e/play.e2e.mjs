// End-to-end: a person plays a whole Grid Battles skirmish against the greedy AI in Debian's
// Chromium, through the browser client only — clicks for the opening moves, the keyboard later —
// reloads mid-game, finishes, and steps through the replay. Also checks the lobby, a match and
// the replay at phone size (375×812) for horizontal scrolling, and saves screenshots; measures the
// page weight of a first and a repeat lobby visit (gzip, 304, cached client files). Then a
// short Command Core flow: the lobby's scenario maps, deployment, programming a mech by clicking
// cards into slots, flipping a split card and leaving a middle slot for the random fill (checked
// on the server's program), and a selected weapon's hatched reach (checked
// against the legal fire targets when an attack choice comes up).
//
//   BASE_URL=http://127.0.0.1:PORT SCREENSHOT_DIR=… node play.e2e.mjs
//
// Run through run.sh, which builds and starts the server.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { finish, launch, pageErrors } from './browser.mjs';
import { kitChecks } from './kit.e2e.mjs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const SHOTS = process.env.SCREENSHOT_DIR ?? 'e2e-screenshots';
const BROWSER = process.env.CHROMIUM ?? '/usr/bin/chromium';
const GAME_TIMEOUT_MS = Number(process.env.GAME_TIMEOUT_MS ?? 300000);
assert.match(BASE, /^http:\/\/127\.0\.0\.1:\d+$/, 'BASE_URL must be on 127.0.0.1');
mkdirSync(SHOTS, { recursive: true });

const started = Date.now();
const step = (text) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

// ---- helpers -------------------------------------------------------------------------------

/** Hex distance between two `CCRR` codes (flat-topped, odd columns shifted down). */
function distance(a, b) {
  const cube = (code) => {
    const col = Number(code.slice(0, 2));
    const row = Number(code.slice(2, 4));
    const q = col;
    const r = row - (col - (col & 1)) / 2;
    return [q, r, -q - r];
  };
  const [x, y] = [cube(a), cube(b)];
  return Math.max(...x.map((v, i) => Math.abs(v - y[i])));
}

async function version(page) {
  return Number(await page.locator('.match').getAttribute('data-version'));
}

/** Waits until the match shows a version above `v`. */
async function versionAbove(page, v, timeout = 15000) {
  await page.waitForFunction((old) => Number(document.querySelector('.match')?.dataset.version) > old, v, { timeout });
}

/** Waits until it is this browser's turn or the game is over; returns which. */
async function myTurnOrOver(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const m = document.querySelector('.match');
    return m && (m.dataset.status === 'finished' || m.dataset.myTurn === 'true');
  }, null, { timeout });
  return (await page.locator('.match').getAttribute('data-status')) === 'finished' ? 'over' : 'turn';
}

async function phase(page) {
  return page.locator('.board-wrap').getAttribute('data-phase');
}

async function noHorizontalScroll(page, what) {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  assert.ok(sw <= 375, `${what}: page is ${sw}px wide at a ${iw}px viewport (horizontal scrolling)`);
}

async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  step(`screenshot ${name}.png`);
}

/** Creates a skirmish against the greedy AI from the lobby; returns the match id. */
async function createSkirmish(page, { screenshot } = {}) {
  await page.goto(`${BASE}/`);
  await page.locator('input[name="game"][value="grid-battles"]').check();
  await page.locator('input[name="scenario"][value="skirmish"]').check();
  // AI opponents by strength, Normal by default; the agents by name stay for experts.
  const offered = await page.locator('#seat-1 option[data-strength]').allTextContents();
  assert.deepEqual(offered, ['AI: Easy', 'AI: Normal', 'AI: Hard'], 'the strengths offered');
  assert.equal(await page.locator('#seat-1 option:checked').textContent(), 'AI: Normal', 'Normal by default');
  assert.ok(await page.locator('#seat-1 optgroup[label="Experts"] option[value="ai:custom"]').count(), 'the spec editor is kept');
  await page.locator('#seat-0').selectOption('human');
  await page.locator('#seat-1').selectOption('ai:greedy');
  await page.locator('details.advanced summary').click();
  await page.locator('#ai-delay').fill('40');
  await page.locator('.scenario svg.board').first().waitFor();
  if (screenshot) await screenshot();
  await page.locator('#create-match').click();
  await page.waitForURL(/\/play\/[0-9a-f]{16}$/); // no seat token in the address bar
  await page.locator('svg.board .unit').first().waitFor();
  return /\/play\/([0-9a-f]{16})/.exec(page.url())[1];
}

/** Fails if the address bar holds a seat token (or anything like one). */
function assertNoToken(page, what) {
  const url = page.url();
  assert.doesNotMatch(url, /token|[0-9a-f]{32}/i, `${what}: the address bar holds a seat token: ${url}`);
}

/** The match's share link (invite or watch) must be the bare match URL. */
async function assertShareLink(page, id, what) {
  const link = await page.locator('#share-link').getAttribute('data-link');
  assert.equal(link, `${BASE}/play/${id}`, `${what}: the share link carries nothing but the match`);
}

/**
 * Seat tokens stay out of URLs: joining an open seat, reloading as that seat, and opening a
 * link that carries a token (the API's seat grant) all leave a bare `/play/<id>`.
 */
async function checkTokensStayOutOfUrls(browser) {
  const res = await fetch(`${BASE}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'connect-four', seats: [{ kind: 'human' }, { kind: 'open' }] }),
  });
  assert.equal(res.status, 201);
  const created = await res.json();
  const id = created.match.id;
  const p1 = created.seats[0];
  assert.match(p1.link, /#token=/, 'the API grant link carries the seat (for whoever gets it)');

  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const g = await guest.newPage();
  watch(g, 'guest');
  await g.goto(`${BASE}/play/${id}`);
  await g.waitForFunction(() => /You are watching/.test(document.querySelector('.you')?.textContent ?? ''));
  await assertShareLink(g, id, 'before joining (invite link)');
  // The empty seat: the match says it waits for a player, with the invite link, not "Your move."
  const waiting = await g.locator('#turn').textContent();
  assert.match(waiting, new RegExp(`^Waiting for a player to join as P2: send them the invite link ${BASE}/play/${id}\\.`), waiting);
  await g.locator('.match-tools button', { hasText: /^Join as P2$/ }).click();
  await g.waitForFunction(() => /You play P2/.test(document.querySelector('.you')?.textContent ?? ''));
  await g.waitForFunction(() => !/Waiting for a player/.test(document.querySelector('#turn')?.textContent ?? ''));
  assertNoToken(g, 'after joining');
  await g.reload();
  await g.waitForFunction(() => /You play P2/.test(document.querySelector('.you')?.textContent ?? ''));
  assertNoToken(g, 'after reloading as P2');
  await assertShareLink(g, id, 'after joining (watch link)');

  const owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const o = await owner.newPage();
  watch(o, 'owner');
  await o.goto(`${BASE}${p1.link}`);
  await o.waitForFunction(() => /You play P1/.test(document.querySelector('.you')?.textContent ?? ''));
  assert.equal(o.url(), `${BASE}/play/${id}`, 'a link with a token is stored and the address bar cleaned');
  await guest.close();
  await owner.close();
}

/** My units that can act now, as `{label, code}`; enemy positions. */
async function boardFacts(page) {
  return page.evaluate(() => {
    const units = [...document.querySelectorAll('svg.board .unit')].map((g) => ({
      id: Number(g.dataset.unit),
      label: g.dataset.label,
      canAct: g.classList.contains('can-act'),
      target: g.classList.contains('attack-target'),
      side: g.classList.contains('side-0') ? 0 : 1,
      selected: g.classList.contains('selected'),
    }));
    const codes = Object.fromEntries([...document.querySelectorAll('.roster-table tbody tr')].map((tr) => {
      const label = tr.querySelector('th').textContent.trim().split(' ')[0];
      return [label, tr.children[1].textContent.trim()];
    }));
    const moves = [...document.querySelectorAll('svg.board .move-target')].map((m) => m.dataset.code);
    return { units, codes, moves };
  });
}

/**
 * Plays one action of ours. `mode`: `click` (mouse on the map) or `keys` (focus + Enter/Space).
 * Prefers attacking, moves towards the nearest enemy, and ends phases otherwise. Returns what it
 * did.
 */
async function playOne(page, mode, checks) {
  const v = await version(page);
  const ph = await phase(page);
  const press = async (loc) => {
    if (mode === 'click') await loc.click();
    else {
      await loc.focus();
      await page.keyboard.press(Math.random() < 0.5 ? 'Enter' : 'Space');
    }
  };
  const facts = await boardFacts(page);
  if (ph === 'activation') {
    const mine = facts.units.find((u) => u.canAct && u.side === 0);
    assert.ok(mine, 'activation phase but no unit of mine can act');
    await press(page.locator(`svg.board .unit[data-unit="${mine.id}"]`));
    const btn = page.locator('.selection button', { hasText: /^Activate / });
    await btn.waitFor();
    await press(btn);
    await versionAbove(page, v);
    return `activate ${mine.label}`;
  }
  if (ph === 'movement') {
    const sel = facts.units.find((u) => u.selected);
    if (sel && facts.moves.length) {
      const here = facts.codes[sel.label];
      const enemies = facts.units.filter((u) => u.side === 1).map((u) => facts.codes[u.label]).filter(Boolean);
      const score = (code) => Math.min(...enemies.map((e) => distance(code, e)));
      const best = facts.moves.filter((c) => score(c) >= 1).sort((a, b) => score(a) - score(b))[0];
      if (best && score(best) < score(here)) {
        const logBefore = await page.locator('#log > li').count();
        await press(page.locator(`svg.board .move-target[data-code="${best}"]`));
        await versionAbove(page, v);
        if (checks) {
          await page.waitForFunction((n) => document.querySelectorAll('#log > li').length > n, logBefore);
          const last = await page.locator('#log > li').last().textContent();
          assert.match(last, new RegExp(`^P1P1 \\S.* moves \\d{4} → ${best} \\(\\d MP\\)`), `the log shows the move in words: ${last}`);
          checks.moved = true;
        }
        return `move ${sel.label} → ${best}`;
      }
      const hold = page.locator('.selection button', { hasText: /^Hold / });
      if (await hold.count()) {
        await press(hold);
        await versionAbove(page, v);
        return `hold ${sel.label}`;
      }
    }
    await press(page.locator('.controls button.done'));
    await versionAbove(page, v);
    return 'end movement';
  }
  if (ph === 'attack') {
    const target = facts.units.find((u) => u.target);
    if (target) {
      await press(page.locator(`svg.board .unit[data-unit="${target.id}"]`));
      const box = page.locator('.attack-confirm');
      await box.waitFor();
      await page.locator('.attack-confirm .odds, .attack-confirm .odds-text').first().waitFor({ timeout: 10000 });
      await page.waitForFunction(() => !document.querySelector('.attack-confirm')?.textContent.includes('Computing exact odds'));
      const text = await box.textContent();
      assert.ok(!/gave no odds/.test(text), 'the server sent no attack preview (POST /api/matches/{id}/preview)');
      assert.match(text, /Attacker/);
      assert.match(text, /Defender/);
      assert.match(text, /destroyed/i, 'the confirmation shows the odds of destruction');
      if (checks && !checks.attacked) {
        await shot(page, 'match-attack-confirm-1280x800');
        checks.oddsText = text;
      }
      const logBefore = await page.locator('#log > li').count();
      // The Confirm button has focus once the odds are in: Enter confirms.
      if (mode === 'keys') await page.keyboard.press('Enter');
      else await page.locator('.attack-confirm button[data-action="confirm-attack"]').click();
      await versionAbove(page, v);
      await page.waitForFunction((n) => document.querySelectorAll('#log > li').length > n, logBefore);
      if (checks) {
        await page.locator('.dice .dice-roll').first().waitFor();
        assert.ok((await page.locator('#log .dice-roll').count()) > 0, 'dice shown in the log');
        checks.attacked = true;
      }
      return `attack ${target.label}`;
    }
    await press(page.locator('.controls button.done'));
    await versionAbove(page, v);
    return 'end attacks';
  }
  throw new Error(`unexpected phase ${ph}`);
}

/** Plays our turns until the game ends or `until()` says stop. */
async function playOn(page, mode, { checks, until, deadline }) {
  for (;;) {
    if (Date.now() > deadline) throw new Error('the game did not finish in time');
    const state = await myTurnOrOver(page);
    if (state === 'over') return 'over';
    if (until?.()) return 'stopped';
    try {
      await playOne(page, mode, checks);
    } catch (e) {
      // The AI may have moved, or a refresh arrived, between reading the page and acting.
      if (/Timeout|stale|detached|not attached/i.test(String(e.message))) continue;
      throw e;
    }
  }
}


// ---- Command Core --------------------------------------------------------------------------

const CC_TIMEOUT_MS = Number(process.env.CC_TIMEOUT_MS ?? 90000);

/** The hatched squares of the selected weapon, as "x,y" keys. */
async function reachKeys(page) {
  return page.locator('svg.cc-board rect.cc-reach').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-reach')));
}

/** Programs the mech on offer by clicking cards into every free slot and flipping a split card;
 * Commit sends the program one slot at a time (a `program` action per card). */
async function ccProgram(page, checks) {
  const panel = page.locator('section.cc-program:not([hidden])');
  // Not while an earlier commit is still sending its slots.
  await panel.locator('[data-key="commit"]:not([disabled])').waitFor({ timeout: 10000 });
  // Start from the cards not yet sent (a refused commit, e.g. a stale version, leaves a draft).
  await panel.locator('[data-key="clear"]').click();
  const open = panel.locator('[data-key^="slot-"][aria-label$="empty (random)"]');
  // Once: leave a slot in the middle for the random fill, by pointing at it (any slot may be
  // left, not only the last ones), and fill the slots around it with cards.
  let left = null;
  if (!checks.left && (await open.count()) >= 3) {
    left = Number((await open.nth(1).getAttribute('data-key')).slice('slot-'.length));
    await panel.locator(`[data-key="leave-${left}"]`).click();
    assert.match(await panel.locator(`[data-key="slot-${left}"]`).getAttribute('aria-label'), /left for random fill/);
    assert.equal(await panel.locator(`[data-key="leave-${left}"]`).getAttribute('aria-pressed'), 'true');
  }
  const free = await open.count();
  for (let i = 0; i < free; i++) {
    const card = panel.locator('button.cc-card:not([disabled])').first();
    if (!(await card.count())) break;
    await card.click();
  }
  // Flip the first split card: each half is a legal card for its slot.
  const flip = panel.locator('[data-key^="slot-"][aria-label$="click to flip"]').first();
  if (!checks.flipped && (await flip.count())) {
    await flip.click();
    assert.ok((await panel.locator('[data-key^="slot-"][aria-label*="/2,"]').count()) >= 1, 'a flipped card shows its second half');
    checks.flipped = true;
  }
  const commit = panel.locator('[data-key="commit"]');
  assert.match(await commit.textContent(), /^Commit/);
  if (left !== null) {
    // Cards before and after the left slot, "random fill" in its place.
    const parts = (await commit.textContent()).replace(/^Commit: /, '').split(', ');
    const sentN = await panel.locator('[data-key^="slot-"][aria-label$=", sent"]').count();
    assert.equal(parts[left - sentN], 'random fill', `the commit lists the left slot: ${parts}`);
    assert.ok(parts.filter((p) => p !== 'random fill').length >= 2, `cards around the left slot: ${parts}`);
  }
  const mech = await panel.locator('h2').textContent();
  await commit.click();
  // Every slot is sent, one action each, until the panel moves on to the next mech (or closes).
  await page.waitForFunction(
    (title) => {
      const h2 = document.querySelector('section.cc-program:not([hidden]) h2');
      return !h2 || h2.textContent !== title;
    },
    mech,
    { timeout: 20000 },
  );
  checks.programmed = (checks.programmed ?? 0) + 1;
  if (left !== null) {
    // The server holds the program with that slot left: the mech's own program, shown to its
    // owner, reads "random fill" there and cards elsewhere (the next mech is being programmed,
    // so no fill has been drawn yet).
    const id = Number(/#(\d+)/.exec(mech)[1]) - 1;
    const row = page.locator(`[data-key="row-${id}"]`);
    if ((await row.getAttribute('aria-pressed')) !== 'true') await row.click();
    const line = page.locator('.cc-selection p', { hasText: /^Program: / });
    await line.waitFor({ timeout: 10000 });
    const slots = (await line.textContent()).replace(/^Program: /, '').split(', ');
    assert.equal(slots[left], 'random fill', `slot ${left + 1} left for the random fill on the server: ${slots}`);
    assert.equal(slots.filter((x) => x === 'random fill').length, 1, `only that slot left: ${slots}`);
    checks.left = left + 1;
  }
}

/** Selects my first mech on the board and its first weapon; checks the reach is hatched. */
async function ccWeaponReach(page, checks) {
  const mine = page.locator('svg.cc-board g.cc-mech.side-0').first();
  if (!(await mine.count())) return;
  if ((await mine.getAttribute('aria-pressed')) !== 'true') await mine.click();
  const weapon = page.locator('[data-key="weapon-0"]');
  await weapon.waitFor();
  if ((await weapon.getAttribute('aria-pressed')) !== 'true') await weapon.click();
  await page.locator('[data-key="weapon-0"][aria-pressed="true"]').waitFor();
  const keys = await reachKeys(page);
  assert.ok(keys.length > 0, 'the selected weapon hatches the squares it reaches');
  const legend = await page.locator('[data-key="reach-legend"]').textContent();
  assert.match(legend, new RegExp(`; ${keys.length} squares?\\.`), `legend counts the hatched squares: ${legend}`);
  checks.reach = keys.length;
}

/** At an attack choice: the legal targets of the selected weapon are exactly the enemies on hatched squares. */
async function ccCheckTargets(page, checks) {
  const targets = await page.locator('svg.cc-board g.cc-mech.targeted').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-at')));
  if (!targets.length) return;
  const keys = new Set(await reachKeys(page));
  for (const t of targets) assert.ok(keys.has(t), `legal target at ${t} is inside the hatched reach`);
  // And the converse: an enemy on a hatched square is a legal target (the weapon can fire).
  const enemies = await page.locator('svg.cc-board g.cc-mech.side-1').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-at')));
  for (const e of enemies) if (keys.has(e)) assert.ok(targets.includes(e), `enemy at ${e} in the hatched reach is a legal target`);
  checks.targetsChecked = (checks.targetsChecked ?? 0) + targets.length;
  if (!checks.fireShot) {
    await shot(page, 'command-core-fire-1280x800');
    checks.fireShot = true;
  }
}

/** From the lobby (Command Core already picked), creates a duel against the greedy AI. */
async function createDuel(page) {
  await page.locator('input[name="scenario"][value="duel"]').check();
  await page.locator('#seat-0').selectOption('human');
  await page.locator('#seat-1').selectOption('ai:greedy');
  await page.locator('details.advanced summary').click();
  await page.locator('#ai-delay').fill('0');
  await page.locator('#create-match').click();
  await page.waitForURL(/\/play\/[0-9a-f]{16}$/); // no seat token in the address bar
  await page.locator('svg.cc-board').waitFor();
}

/** Plays Command Core against the AI until it has programmed and seen a weapon's reach (and,
 * time allowing, an attack choice). */
async function playCommandCore(page, checks) {
  const deadline = Date.now() + CC_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if ((await myTurnOrOver(page, Math.max(1000, deadline - Date.now()))) === 'over') return;
    const v = await version(page);
    try {
      await ccTurn(page, checks);
    } catch (e) {
      // The state moved under us (e.g. a commit refused as stale while the AI committed, or a
      // panel re-rendered mid-click): look again at the new state, unless nothing changes.
      if (e.name !== 'TimeoutError') throw e;
      step(`Command Core: ${e.message.split('\n')[0]} (${(e.stack ?? '').split('\n').find((l) => /at cc/.test(l))?.trim() ?? '?'}); looking again`);
      continue;
    }
    await versionAbove(page, v, 15000).catch(() => step('Command Core: no new state after my action; looking again'));
    if (checks.programmed >= 2 && checks.reach && (checks.targetsChecked || Date.now() > deadline - CC_TIMEOUT_MS / 3)) return;
  }
}

/** One action of mine in Command Core, whatever the state asks for. */
async function ccTurn(page, checks) {
  if (await page.locator('section.cc-program:not([hidden])').count()) {
    if (!checks.reach) await ccWeaponReach(page, checks);
    if (checks.programmed === 1 && !checks.programShot) {
      await shot(page, 'command-core-program-1280x800');
      checks.programShot = true;
    }
    await ccProgram(page, checks);
  } else if (await page.locator('svg.cc-board .cc-sq-btn').count()) {
    // Deploy: a square on my (north) edge, facing south, into the board.
    await page.locator('svg.cc-board .cc-sq-btn').first().click();
    const face = page.locator('.cc-facing button', { hasText: /^Face S$/ });
    await (await face.count() ? face.first() : page.locator('.cc-facing button').first()).click();
  } else {
    const fire = page.locator('.cc-selection button[data-action^="fire "]');
    if (await fire.count()) {
      await ccCheckTargets(page, checks);
      await fire.first().click();
    } else {
      // An aim step: the legal targets are the enemies in the hatched reach.
      if (await page.locator('svg.cc-board g.cc-mech.targeted').count()) await ccCheckTargets(page, checks);
      // The picker: a group opens the next step; a leaf plays (fire and aim ask first).
      const leaf = page.locator('.cc-actions .picker button.picker-leaf:visible');
      if (!(await leaf.count())) await page.locator('.cc-actions .picker button.picker-group:visible').first().click();
      assert.ok((await page.locator('.cc-actions .picker button:visible').count()) <= 30, 'no more than 30 buttons in the picker');
      await page.locator('.cc-actions .picker button.picker-leaf:visible').first().click();
    }
    // Fire and aim wait for a confirmation with the server's odds, percentages first.
    const box = page.locator('.cc-confirm');
    if (await box.waitFor({ timeout: 1500 }).then(() => true, () => false)) {
      const confirm = page.locator('.cc-confirm button[data-action="confirm-attack"]:not([disabled])');
      await confirm.waitFor({ timeout: 10000 });
      const text = await box.textContent();
      if (/^Aim/.test(await page.locator('.cc-confirm h2').textContent())) {
        assert.match(text, /Target destroyed: \d+(\.\d+)?%/, `the aim confirmation shows the odds in percent: ${text}`);
        checks.aimOdds = (checks.aimOdds ?? 0) + 1;
        if (!checks.oddsShot) {
          await shot(page, 'command-core-aim-confirm-1280x800');
          checks.oddsShot = true;
        }
      }
      await confirm.click();
    }
  }
}

// ---- the test ------------------------------------------------------------------------------

/**
 * Page weight: a first and a repeat lobby visit in a fresh context, counted from the DevTools
 * network events (bytes on the wire: headers and the encoded body). The first visit gets gzipped
 * files; the repeat visit revalidates the page (304) and takes every client file from the cache
 * (versioned URLs, cached for a year), so only the API's JSON travels again.
 */
async function pageWeight(browser) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  let reqs = new Map();
  const header = (hs, name) => Object.entries(hs ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
  cdp.on('Network.requestWillBeSent', (e) => reqs.set(e.requestId, { url: e.request.url, status: 0, bytes: 0, cached: false, enc: null }));
  cdp.on('Network.requestServedFromCache', (e) => { const r = reqs.get(e.requestId); if (r) r.cached = true; });
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.enc = header(e.response.headers, 'content-encoding') ?? null;
    r.cached ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
  });
  // A revalidated response is reported with the cached status (200); the status on the wire
  // (304) comes with the raw headers.
  const wire = new Map();
  cdp.on('Network.responseReceivedExtraInfo', (e) => wire.set(e.requestId, e.statusCode));
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (!r) return;
    r.bytes = e.encodedDataLength;
  });
  const visit = async () => {
    reqs = new Map();
    await page.goto(`${BASE}/`);
    await page.locator('input[name="game"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const [id, r] of reqs) if (wire.get(id) === 304) r.status = 304;
    return [...reqs.values()];
  };
  const sum = (rs) => rs.reduce((n, r) => n + (r.cached ? 0 : r.bytes), 0);
  const first = await visit();
  const again = await visit();
  const isFile = (r) => !new URL(r.url).pathname.startsWith('/api/');
  const line = (rs) => `${rs.length} requests, ${rs.filter((r) => !r.cached).length} over the network, ${sum(rs)} bytes`;
  step(`page weight: first lobby visit ${line(first)}; repeat visit ${line(again)} (` +
    `${again.filter((r) => r.status === 304).length} answered 304, ${again.filter((r) => r.cached).length} from the cache)`);
  for (const [name, rs] of [['first', first], ['repeat', again]]) {
    for (const r of rs) if (!r.cached) step(`  ${name}: ${r.status} ${r.enc ?? 'identity'} ${r.bytes} B ${new URL(r.url).pathname}`);
  }
  assert.ok(first.some((r) => isFile(r) && r.enc === 'gzip'), 'the client files travel gzipped');
  assert.ok(first.some((r) => !isFile(r) && r.enc === 'gzip'), 'the JSON travels gzipped');
  const doc = again.find((r) => new URL(r.url).pathname === '/');
  assert.equal(doc?.status, 304, 'the revisited page is answered 304 Not Modified');
  for (const r of again.filter(isFile)) {
    assert.ok(r.cached || r.status === 304, `revisit: ${r.url} is not downloaded again (status ${r.status})`);
  }
  assert.ok(sum(again) * 3 < sum(first), `a revisit downloads far less (${sum(again)} against ${sum(first)} bytes)`);
  await ctx.close();
}

const browser = await launch(BROWSER);
const { errors, watch } = pageErrors();

let failure = null;
try {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desk.newPage();
  watch(page, 'desktop');
  const deadline = Date.now() + GAME_TIMEOUT_MS;

  step('the page is served under a Content-Security-Policy (violations fail the test as page errors)');
  const first = await page.goto(`${BASE}/`);
  assert.match(first.headers()['content-security-policy'] ?? '', /script-src 'self'/);
  assert.doesNotMatch(first.headers()['content-security-policy'], /unsafe-inline/);
  // The long game plays at once; the kit checks measure the pace.
  await desk.addInitScript(() => localStorage.setItem('gridwright.pace', 'instant'));
  await desk.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });

  step('page weight: compressed files and JSON, a 304 and the cache on a repeat visit');
  await pageWeight(browser);

  step('lobby → create a skirmish against the greedy AI');
  const id = await createSkirmish(page, { screenshot: () => shot(page, 'lobby-1280x800') });
  step(`match ${id}`);
  assert.match(await page.locator('.you').textContent(), /You play P1/);
  // The AI seat is named by its strength (greedy is Grid Battles' Easy), not by its spec.
  assert.match(await page.locator('.you').textContent(), /P2: AI: Easy/);
  assertNoToken(page, 'after creating a match');
  await assertShareLink(page, id, 'the creator');

  step('seat tokens stay out of URLs: join an open seat, reload, open a link with a token');
  await checkTokensStayOutOfUrls(browser);

  // Opening: everything by mouse until we have moved and attacked once.
  const checks = { moved: false, attacked: false };
  await playOn(page, 'click', { checks, deadline, until: () => checks.moved && checks.attacked });
  assert.ok(checks.moved, 'moved a unit by clicking');
  assert.ok(checks.attacked, 'attacked (odds shown, then dice in the log)');
  step(`moved and attacked; odds shown (${/Defender destroyed[^A-Z]*/.exec(checks.oddsText ?? '')?.[0]?.trim() ?? '?'}), dice in the log`);
  await shot(page, 'match-1280x800');

  step('reload: the match continues where it was');
  const before = await version(page);
  const logBefore = await page.locator('#log > li').count();
  await page.reload();
  await page.locator('svg.board .unit').first().waitFor();
  await page.waitForFunction(() => document.querySelector('.match')?.dataset.version !== undefined);
  assert.ok((await version(page)) >= before, 'version after reload is not older');
  assert.ok((await page.locator('#log > li').count()) >= logBefore, 'log survives the reload');
  assert.match(await page.locator('.you').textContent(), /You play P1/, 'still seated after reload');
  assertNoToken(page, 'after reload');

  step('undo is offered against the AI');
  assert.equal(await page.locator('#undo').count(), 1);

  step('hint: the search advises on my move (visits, values, expected line)');
  await page.locator('.match[data-my-turn="true"]').waitFor();
  await page.locator('#hint-toggle').click();
  await page.locator('.hint-table tbody tr').first().waitFor({ timeout: 30000 });
  assert.match(await page.locator('#hint-panel').textContent(), /iterations/);
  assert.ok((await page.locator('.hint-line li').count()) >= 1, 'principal line shown');
  await shot(page, 'hint-1280x800');
  await page.locator('#hint-toggle').click();

  step('play on with the keyboard until the game ends');
  const end = await playOn(page, 'keys', { checks: null, deadline });
  assert.equal(end, 'over');
  const result = await page.locator('#turn').textContent();
  step(`game over: ${result}`);
  assert.match(result, /Game over/);
  // The result panel: who won and why, the victory points, key moments.
  await page.locator('#result').waitFor();
  const panel = await page.locator('#result').textContent();
  step(`result panel: ${panel.replace(/\s+/g, ' ').slice(0, 200)}`);
  assert.match(panel, /wins/);
  assert.match(panel, /Victory points/, 'the score breakdown');
  await shot(page, 'match-over-1280x800');

  step('rematch: a new match with the same scenario and seats, me as P1 again');
  const rematchFrom = page.url();
  await page.locator('#rematch').click();
  await page.waitForURL((u) => /\/play\/[0-9a-f]{16}$/.test(u.pathname) && u.href !== rematchFrom);
  await page.locator('svg.board .unit').first().waitFor();
  assert.match(await page.locator('.you').textContent(), /You play P1.*P2: AI: Easy/, 'the rematch seats me against the same AI');
  assert.match(await page.locator('h1').textContent(), /Grid Battles — Skirmish/, 'the same scenario, by its title');
  await page.goto(rematchFrom);
  await page.locator('#open-replay').waitFor();

  step('replay: step through the finished game');
  await page.locator('#open-replay').click();
  await page.waitForURL(/\/replay\//);
  await page.locator('.replay[data-step="0"]').waitFor();
  const where = page.locator('.where');
  const total = Number(/of (\d+)/.exec(await where.textContent())[1]);
  assert.ok(total > 10, `replay has ${total} moves`);
  await page.locator('button[data-step="next"]').click();
  await page.locator('.replay[data-step="1"]').waitFor();
  await page.locator('button[data-step="next"]').focus();
  await page.keyboard.press('Enter');
  await page.locator('.replay[data-step="2"]').waitFor();
  await page.locator('button[data-step="previous"]').click();
  await page.locator('.replay[data-step="1"]').waitFor();
  await page.locator('button[data-step="last"]').click();
  await page.locator(`.replay[data-step="${total}"]`).waitFor();
  const half = Math.floor(total / 2);
  await page.locator('#replay-slider').fill(String(half));
  await page.locator(`.replay[data-step="${half}"]`).waitFor();
  assert.match(await where.textContent(), new RegExp(`Move ${half} of ${total}`));
  await shot(page, 'replay-1280x800');
  await page.locator('#hint-toggle').click();
  await page.locator('.hint-table tbody tr').first().waitFor({ timeout: 30000 });
  assert.match(await page.locator('#hint-panel').textContent(), /expected result/);
  await shot(page, 'replay-hint-1280x800');
  await page.locator('#hint-toggle').click();
  await page.locator('button[data-step="first"]').click();
  await page.locator('.replay[data-step="0"]').waitFor();
  for (let k = 1; k <= Math.min(total, 25); k++) {
    await page.locator('button[data-step="next"]').click();
    await page.locator(`.replay[data-step="${k}"]`).waitFor();
  }

  step('Command Core: lobby maps, deploy, program (click cards, flip one), weapon reach');
  const ccPage = await desk.newPage();
  ccPage.setDefaultTimeout(10000);
  watch(ccPage, 'command-core');
  await ccPage.goto(`${BASE}/`);
  await ccPage.locator('input[name="game"][value="command-core"]').check();
  await ccPage.locator('.scenario svg.cc-minimap').first().waitFor();
  const maps = await ccPage.locator('.scenario svg.cc-minimap').count();
  assert.equal(maps, await ccPage.locator('input[name="scenario"]').count(), 'a map for every Command Core scenario');
  assert.ok((await ccPage.locator('.scenario svg.cc-minimap .cc-mini-sq.side-0').count()) > 0, 'P1 deployment squares shown');
  await shot(ccPage, 'lobby-command-core-1280x800');
  await createDuel(ccPage);
  const cc = {};
  await playCommandCore(ccPage, cc);
  step(`Command Core: programmed ${cc.programmed ?? 0} mech(s), flipped a card: ${!!cc.flipped}, left slot ${cc.left ?? 'none'} for the random fill, ${cc.reach ?? 0} squares hatched, ${cc.targetsChecked ?? 0} legal target(s) checked inside the reach, ${cc.aimOdds ?? 0} aim(s) confirmed after their odds`);
  assert.ok((cc.programmed ?? 0) >= 1, 'programmed a mech by clicking cards into slots');
  assert.ok(cc.flipped, 'flipped a split card in a slot');
  assert.ok(cc.left, 'left a slot in the middle of a program for the random fill');
  assert.ok(cc.reach > 0, 'a selected weapon hatches its reach');
  if (!cc.fireShot) await shot(ccPage, 'command-core-1280x800');
  await ccPage.close();

  step('phone size: lobby, a match, the replay — no horizontal scrolling');
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.addInitScript(() => localStorage.setItem('gridwright.pace', 'instant'));
  const mob = await phone.newPage();
  watch(mob, 'phone');
  const id2 = await createSkirmish(mob, {
    screenshot: async () => {
      await noHorizontalScroll(mob, 'lobby');
      await shot(mob, 'lobby-375x812');
    },
  });
  await myTurnOrOver(mob);
  await noHorizontalScroll(mob, 'match');
  await shot(mob, 'match-375x812');
  await playOne(mob, 'click', null);
  await noHorizontalScroll(mob, 'match after a move');
  await mob.goto(`${BASE}/replay/${id}`);
  await mob.locator('.replay[data-step="0"]').waitFor();
  await mob.locator('button[data-step="last"]').click();
  await mob.locator(`.replay[data-step="${total}"]`).waitFor();
  await noHorizontalScroll(mob, 'replay');
  await shot(mob, 'replay-375x812');
  step(`second match ${id2} left running`);
  await mob.goto(`${BASE}/`);
  await mob.locator('input[name="game"][value="command-core"]').check();
  await mob.locator('.scenario svg.cc-minimap').first().waitFor();
  await noHorizontalScroll(mob, 'Command Core lobby');
  await createDuel(mob);
  await noHorizontalScroll(mob, 'Command Core match');
  await shot(mob, 'command-core-375x812');

  step('view kit: how to play, tooltips, results and rematch, waiting, tab title, picker, motion (1280x800 and 390x844)');
  const figures = await kitChecks({ browser, BASE, shot, step, watch });
  for (const [k, v] of Object.entries(figures)) step(`kit figure: ${k}: ${v}`);
} catch (e) {
  failure = e;
}
await finish(browser, {
  errors, failure, step,
  shotPath: (c, i) => join(SHOTS, `failure-${c === 0 ? 'desktop' : 'phone'}-${i}.png`),
});
