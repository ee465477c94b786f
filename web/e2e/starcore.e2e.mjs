// Starcore in the browser, end to end (run by run.sh after play.e2e.mjs, against the same
// server): from the lobby a game against the greedy AI is played to its real end (Commander
// destroyed, deck out or turn limit: nobody resigns) at 1280×800 and again at 390×844 — the
// sealed mulligan (a Mulligan taken when the hand holds no Module, and always on the phone), the
// Commander placed on a highlighted back-row tile, cards deployed from the hand onto highlighted
// tiles (a Module first whenever one is playable: it is then drawn on its host's face), hand
// cards marked playable only when the pool covers their cost, attacks confirmed after their
// exact odds are shown (the target box shaded), frames on the stack seen with "respond or pass"
// and passed, a reload in the middle, the hint panel, the result panel with its reason and
// Rematch, the Scrapyard opened, links and networks drawn, and the replay (with its hint
// panel). No card id or engine tile (`P1:A3`) shows in the log, the result or a button. Then
// hotseat: the cover between the two players hides the hand, log and hints until the next
// player confirms; the mulligan stays sealed. No screen ever shows a list of every legal
// action: the picker stays at 30 buttons at most. The lobby previews every setup (two decks, each
// with its faction, Commander and cost curve, under titles that differ) and opens the deck
// browser (every card of the four decks with its text), at both widths and from a match. With
// STARCORE_SERVER and STARCORE_CONTENT (run.sh sets them), a second server plays content whose
// Arc Foundry Commander has an aimed ability: it is chosen from the card, then aimed at a
// highlighted tile. Screenshots: target/e2e-screenshots/starcore-*.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finish, launch, pageErrors, pinSeed } from './browser.mjs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const SHOTS = process.env.SCREENSHOT_DIR ?? 'e2e-screenshots';
const BROWSER = process.env.CHROMIUM ?? '/usr/bin/chromium';
const GAME_TIMEOUT_MS = Number(process.env.GAME_TIMEOUT_MS ?? 420000);
assert.match(BASE, /^http:\/\/127\.0\.0\.1:\d+$/, 'BASE_URL must be on 127.0.0.1');
mkdirSync(SHOTS, { recursive: true });

const started = Date.now();
const step = (text) => console.log(`[starcore ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `starcore-${name}.png`), fullPage: false });
  step(`screenshot starcore-${name}.png`);
}

async function noHorizontalScroll(page, what) {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  assert.ok(sw <= iw, `${what}: the page is ${sw}px wide at a ${iw}px viewport (horizontal scrolling)`);
}

/** The page's facts: status, whether I act, the phase line, what is highlighted. */
async function facts(page) {
  return page.evaluate(() => {
    const m = document.querySelector('.match');
    const q = (s) => document.querySelectorAll(s).length;
    return {
      status: m?.dataset.status, myTurn: m?.dataset.myTurn === 'true', version: Number(m?.dataset.version),
      keep: q('[data-action="keep"]'), pass: q('[data-action="pass"]'), confirm: q('[data-action="confirm-attack"]'),
      dest: q('.sc-dest button.card-empty'), targets: q('.sc-target .card'), playable: q('.sc-hand .card.playable'),
      canAct: q('.sc-grid .card.can-act'), choices: q('.sc-selection button[data-choice]'),
      phase: document.querySelector('.sc-status')?.textContent ?? '',
      stack: q('.sc-stack .stack-list li'), respond: document.querySelector('.sc-respond')?.textContent ?? '', left: q('.sc-left li'),
      pickerButtons: [...document.querySelectorAll('.picker:not([hidden]) button')].filter((b) => b.offsetParent !== null).length,
    };
  });
}

/** Waits for my turn or the end; returns the facts then. */
async function settle(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const m = document.querySelector('.match');
    return m && (m.dataset.status === 'finished' || m.dataset.myTurn === 'true');
  }, null, { timeout });
  // The view draws from the same state the page marked: let one frame pass.
  await page.waitForTimeout(30);
  return facts(page);
}

/** Clicks and waits for the next state (or a refusal). */
async function actAndWait(page, locator) {
  const v = (await facts(page)).version;
  await locator.click();
  await page.waitForFunction((old) => Number(document.querySelector('.match')?.dataset.version) > old || document.querySelector('.match')?.dataset.status === 'finished' || !!document.querySelector('.error:not(:empty)'), v, { timeout: 20000 });
}

/**
 * The seeds of the games against the AI: the dice and the decks' order are the server's, and a
 * game's own course decides what the scripted line meets (a Unit it can pay, a Module, an
 * ability), so each game has a fixed seed. STARCORE_SEED moves them all (any seed plays to the
 * end; the assertions about what was met hold for the defaults).
 */
const SEED = Number(process.env.STARCORE_SEED ?? 3);

/**
 * From the lobby: a Starcore match with P1 here and P2 as given; returns its id. `seed`: the
 * create request gets it (the lobby has no field for it; the server keeps a chosen seed only
 * where no other person plays).
 */
async function createFromLobby(page, p2, { base = BASE, scenario = null, seed = null } = {}) {
  await page.goto(`${base}/`);
  if (seed !== null) await pinSeed(page, seed);
  await page.locator('input[name="game"][value="starcore"]').check();
  // The Starcore setups are listed (each previews its two decks) before one is picked.
  await page.locator('.sc-setup').first().waitFor();
  await page.locator(scenario ? `input[name="scenario"][value="${scenario}"]` : 'input[name="scenario"]').first().check();
  const title = await page.locator('.scenario strong').first().textContent();
  assert.match(title ?? '', / against /, `the lobby names the two decks of a setup: ${title}`);
  await page.locator('#seat-0').selectOption('human');
  await page.locator('#seat-1').selectOption(p2);
  await page.locator('details.advanced summary').click();
  await page.locator('#ai-delay').fill('0');
  await page.locator('#create-match').click();
  await page.waitForURL(/\/play\/[0-9a-f]{16}$/);
  if (seed !== null) await page.unroute('**/api/matches');
  await page.locator('.sc-board-wrap .card-grid').first().waitFor();
  return /\/play\/([0-9a-f]{16})/.exec(page.url())[1];
}

/** The highlighted tile to place the Commander on: one of the back row (C) if any, else the first. */
const commanderTile = async (page) => {
  const back = page.locator('.sc-grid-bottom .sc-dest[data-tile*=":C"] button.card-empty');
  return (await back.count()) ? back.nth(Math.floor((await back.count()) / 2)) : page.locator('.sc-dest button.card-empty').first();
};

/**
 * The checks of the opening: the sealed mulligan and the Commander placed by pointing.
 * `mulligan`: 'always', 'no-module' (when the hand holds no Module, so that one can be attached
 * sooner) or 'never'. Returns whether a mulligan was taken.
 */
async function opening(page, what, mulligan = 'never') {
  let f = await settle(page);
  assert.ok(f.keep === 1, `${what}: the mulligan is offered as a choice (Keep / Mulligan)`);
  assert.equal(await page.locator('[data-action="mulligan"]').count(), 1, `${what}: Mulligan is offered beside Keep`);
  assert.match(await page.locator('.sc-mulligan').textContent(), /sealed/, `${what}: the panel says the choice is sealed`);
  const hand = await page.locator('.sc-hand .card').count();
  assert.equal(hand, 8, `${what}: the opening hand shows its 8 cards`);
  const names = await page.locator('.sc-hand .card-title').allTextContents();
  for (const n of names) assert.doesNotMatch(n, /^#?\d+$|-/, `${what}: a hand card reads as a name: ${n}`);
  assert.equal(await page.locator('.sc-backs .card.face-down').count(), 8, `${what}: the opponent's hand shows as 8 backs`);
  assert.equal(await page.locator('.sc-backs .card-title').evaluateAll((els) => els.filter((e) => e.textContent.trim()).length), 0, `${what}: the backs show no card`);
  const kinds = await page.locator('.sc-hand .card-kind').allTextContents();
  const take = mulligan === 'always' || (mulligan === 'no-module' && !kinds.some((k) => /^Module/.test(k)));
  await actAndWait(page, page.locator(take ? '[data-action="mulligan"]' : '[data-action="keep"]'));
  f = await settle(page);
  if (take) {
    assert.match(await page.locator('#log').textContent(), /P1 mulligans/, `${what}: the log says P1 mulliganed once both had chosen`);
    assert.equal(await page.locator('.sc-hand .card').count(), 8, `${what}: 8 new cards after the mulligan`);
  }
  assert.ok(f.dest > 0, `${what}: the Commander's tiles are highlighted (${f.dest})`);
  assert.ok(f.pickerButtons <= 30, `${what}: the picker shows ${f.pickerButtons} buttons`);
  await actAndWait(page, await commanderTile(page));
  await page.locator('.sc-grid-bottom .card.side-0').first().waitFor();
  return take;
}

/** Each resource of a cost's corner (`2E 1M`) or a pool's words (`2 Matter + 1 Energy`) by its letter. */
const amounts = (text) => {
  const out = { M: 0, E: 0, L: 0, S: 0 };
  for (const m of String(text).matchAll(/(\d+) ?(M|E|L|S)/g)) out[m[2]] += Number(m[1]);
  return out;
};

/** At a Build step: no hand card whose cost the pool cannot pay is marked playable. Returns how many were checked. */
async function playableChecked(page, what) {
  const pool = amounts((await page.locator('.sc-grid-bottom ~ .sc-strip .sc-count[data-term="Pool"]').first().textContent()) ?? '');
  const cards = await page.locator('.sc-hand .card').evaluateAll((els) => els.map((e) => ({ cost: e.querySelector('.card-cost')?.textContent ?? '0', playable: e.classList.contains('playable'), name: e.querySelector('.card-title')?.textContent })));
  for (const c of cards) {
    const cost = amounts(c.cost);
    const short = Object.keys(cost).some((k) => cost[k] > pool[k]);
    if (short) assert.ok(!c.playable, `${what}: ${c.name} costs ${c.cost} but the pool holds ${JSON.stringify(pool)}, yet it is marked playable`);
  }
  return cards.length;
}

/**
 * Plays my turns until the game ends (or `until` says stop): deploys what is playable onto a
 * highlighted tile, attacks what can be attacked (checking the odds shown first), passes
 * otherwise. Returns what it saw.
 */
async function play(page, { deadline, until, what, onAttack, onStack, onModule, onBuild, coresFirst = false }) {
  const seen = { deploys: 0, cores: 0, units: 0, modules: 0, modulesDrawn: 0, attacks: 0, passes: 0, moves: 0, maxPicker: 0, odds: [], stacks: 0, lefts: 0, costChecks: 0 };
  const tried = new Set();
  for (;;) {
    if (Date.now() > deadline) return { ...seen, timedOut: true };
    const f = await settle(page, 90000);
    if (process.env.STARCORE_TRACE) step(`${what}: ${JSON.stringify(f)}`);
    if (f.status === 'finished' || until?.(seen)) return seen;
    seen.maxPicker = Math.max(seen.maxPicker, f.pickerButtons);
    assert.ok(f.pickerButtons <= 30, `${what}: the picker shows ${f.pickerButtons} buttons`);
    const key = `${f.version}`;
    if (f.keep) { await actAndWait(page, page.locator('[data-action="keep"]')); continue; }
    if (f.confirm) {
      const text = await page.locator('.sc-confirm').textContent();
      assert.match(text, /Hit: \d+\.\d%/, `${what}: the hit chance is shown before the attack`);
      assert.match(text, /Critical hit: \d+\.\d%/, `${what}: the critical chance is shown`);
      assert.match(text, /HP damage/, `${what}: the damage distribution is shown`);
      assert.ok(await page.locator('.sc-box').count() > 0, `${what}: the attack box is shaded`);
      await page.locator('[data-action="exact-odds"]').click();
      assert.match(await page.locator('.sc-confirm .odds').textContent(), /\d+\/144/, `${what}: exact fractions over 144 on demand`);
      seen.odds.push(text.match(/Hit: [\d.]+%/)?.[0]);
      if (onAttack && seen.attacks === 0) await onAttack();
      await actAndWait(page, page.locator('[data-action="confirm-attack"]'));
      seen.attacks++;
      continue;
    }
    if (f.dest && /Commander/.test(await page.locator('.sc-help').textContent().catch(() => ''))) {
      await actAndWait(page, await commanderTile(page));
      continue;
    }
    // A frame waits on the stack and I may respond: the frames are listed with what they do,
    // and "respond or pass" is said; this player passes.
    if (f.stack && f.pass && /respond|pass/i.test(f.respond)) {
      const frames = await page.locator('.sc-stack').textContent();
      assert.match(frames, /deploys|plays|attacks|strikes first/, `${what}: the stack names what each frame does: ${frames}`);
      if (!seen.stacks++ && onStack) await onStack();
      await actAndWait(page, page.locator('[data-action="pass"]'));
      seen.passes++;
      continue;
    }
    if (f.left) seen.lefts++;
    if (/Combat/.test(f.phase) && !tried.has(`${key}:attack`)) {
      tried.add(`${key}:attack`);
      const attackers = page.locator('.sc-grid .card.can-act');
      const n = await attackers.count();
      let chosen = false;
      for (let i = 0; i < n && !chosen; i++) {
        await attackers.nth(i).click();
        if (await page.locator('.sc-target .card').count()) {
          await page.locator('.sc-target .card').first().click();
          await page.locator('[data-action="confirm-attack"]').waitFor({ timeout: 10000 });
          await page.waitForFunction(() => !document.querySelector('[data-action="confirm-attack"]')?.disabled, null, { timeout: 10000 });
          chosen = true;
        }
      }
      if (chosen) continue;
    }
    if (/Orders/.test(f.phase) && f.canAct && !tried.has(`${key}:move`) && seen.moves < 12) {
      tried.add(`${key}:move`);
      // Advance a card other than the Commander toward the enemy: the first highlighted tile
      // in page order is the one nearest the top, the enemy's side. With nothing else to move
      // yet, the Commander steps once (so every game moves a card by pointing).
      const others = page.locator('.sc-grid .card.can-act:not([aria-label*="Commander"])');
      const movers = (await others.count()) || seen.moves ? others : page.locator('.sc-grid .card.can-act');
      const n = await movers.count();
      let moved = false;
      for (let i = 0; i < n && !moved; i++) {
        await movers.nth(i).click();
        if (await page.locator('.sc-dest button.card-empty').count()) {
          await actAndWait(page, page.locator('.sc-dest button.card-empty').first());
          seen.moves++;
          moved = true;
        }
      }
      if (moved) continue;
      if (await page.locator('[data-action="deselect"]').count()) await page.locator('[data-action="deselect"]').click();
    }
    if (/Build/.test(f.phase) && !f.stack && !tried.has(`${key}:cost`)) {
      tried.add(`${key}:cost`);
      seen.costChecks += await playableChecked(page, what);
      if (onBuild) await onBuild();
    }
    if (/Build/.test(f.phase) && f.playable && !tried.has(`${key}:deploy`)) {
      tried.add(`${key}:deploy`);
      const cards = page.locator('.sc-hand .card.playable');
      // A Module first whenever one is playable (so one is attached to its host), then a Unit,
      // then the rest (Resource Cores when nothing else can be paid).
      const kinds = await cards.evaluateAll((els) => els.map((e) => e.querySelector('.card-kind')?.textContent ?? ''));
      // `coresFirst` (the ability game): Resource Cores first, so the pool grows.
      const rank = coresFirst ? (k) => (/^Resource/.test(k) ? 0 : 1) : (k) => (/^Module/.test(k) ? 0 : /^Unit/.test(k) ? 1 : 2);
      const order = [...kinds.keys()].sort((a, b) => rank(kinds[a]) - rank(kinds[b]));
      let done = false;
      for (const i of order) {
        if (done) break;
        const isModule = /^Module/.test(kinds[i]);
        await cards.nth(i).click();
        if (await page.locator('.sc-dest button.card-empty').count()) {
          // One action on that tile plays at once; several (a Module's host faces) ask which.
          const v = (await facts(page)).version;
          await page.locator('.sc-dest button.card-empty').first().click();
          await page.waitForFunction((old) => Number(document.querySelector('.match')?.dataset.version) > old || !!document.querySelector('.sc-selection button[data-choice]') || !!document.querySelector('.error:not(:empty)'), v, { timeout: 20000 });
          if ((await facts(page)).version === v && await page.locator('.sc-selection button[data-choice]').count()) {
            assert.match(await page.locator('.sc-selection h2').textContent(), /Choose/, 'several actions on one tile are offered as a choice');
            await actAndWait(page, page.locator('.sc-selection button[data-choice]').first());
          }
          seen.deploys++;
          if (/^Resource/.test(kinds[i])) seen.cores++;
          if (/^Unit/.test(kinds[i])) seen.units++;
          if (isModule) {
            seen.modules++;
            // The Module resolves off the stack (the AI may respond first; it may fizzle): once
            // on the board it is drawn on its host's face.
            const drawn = await page.waitForFunction(() => !!document.querySelector('.sc-grid-bottom .sc-mod') || document.querySelector('.match')?.dataset.status === 'finished', null, { timeout: 20000 }).then(() => true, () => false);
            if (drawn && await page.locator('.sc-grid-bottom .sc-mod').count() && !seen.modulesDrawn++ && onModule) await onModule();
          }
          done = true;
        } else if (await page.locator('.sc-selection button[data-choice]').count()) {
          await actAndWait(page, page.locator('.sc-selection button[data-choice]').first());
          done = true;
        }
      }
      if (done) continue;
      if (await page.locator('[data-action="deselect"]').count()) await page.locator('[data-action="deselect"]').click();
    }
    if (f.pass) {
      await actAndWait(page, page.locator('[data-action="pass"]'));
      seen.passes++;
      continue;
    }
    // Anything else (an ability's aim, a Module's host…): the first leaf of the picker.
    const leaf = page.locator('#sc-picker button.picker-leaf').first();
    if (await leaf.count()) { await actAndWait(page, leaf); continue; }
    const group = page.locator('#sc-picker button.picker-group').first();
    if (await group.count()) { await group.click(); continue; }
    throw new Error(`${what}: nothing to do at ${JSON.stringify(f)}`);
  }
}

/** The lobby's setups: each previews its two decks (faction, Commander, a cost curve), under titles that differ. */
async function lobbySetups(page, what) {
  await page.goto(`${BASE}/`);
  await page.locator('input[name="game"][value="starcore"]').check();
  await page.locator('.sc-setup').first().waitFor();
  const setups = await page.locator('label.scenario').evaluateAll((els) => els.map((e) => ({
    title: e.querySelector('strong')?.textContent ?? '',
    decks: e.querySelectorAll('.sc-setup .deck-summary').length,
    curves: [...e.querySelectorAll('.sc-setup .curve')].map((c) => c.getAttribute('data-curve')),
    subtitles: [...e.querySelectorAll('.sc-setup .deck-summary small')].map((x) => x.textContent),
  })));
  assert.ok(setups.length >= 6, `${what}: the lobby lists the Starcore setups (${setups.length})`);
  assert.equal(new Set(setups.map((x) => x.title)).size, setups.length, `${what}: every setup has a title of its own: ${setups.map((x) => x.title).join(' | ')}`);
  for (const x of setups) {
    assert.equal(x.decks, 2, `${what}: ${x.title} previews its two decks`);
    assert.match(x.title, /\((Energy|Matter|Life|Signal)\) against .*\((Energy|Matter|Life|Signal)\)/, `${what}: the title names both decks and factions: ${x.title}`);
    assert.doesNotMatch(x.title, /-/, `${what}: a title in words, not a file name: ${x.title}`);
    for (const c of x.curves) assert.equal(c.split(',').reduce((a, b) => a + Number(b), 0), 60, `${what}: ${x.title}: a curve counts the deck's 60 cards (${c})`);
    for (const sub of x.subtitles) assert.match(sub, /faction · Commander [A-Z]/, `${what}: a deck names its faction and Commander: ${sub}`);
  }
  return setups;
}

/** The deck browser: every card of the four decks with its text; one deck at a time on demand. */
async function deckBrowser(page, opener, what, shotName) {
  await page.locator(opener).click();
  await page.locator('#decks section.deck').first().waitFor({ timeout: 15000 });
  const decks = await page.locator('#decks section.deck').evaluateAll((els) => els.map((e) => ({
    title: e.querySelector('h3')?.textContent ?? '',
    cards: [...e.querySelectorAll('.deck-card')].map((c) => ({ copies: Number(c.querySelector('.deck-copies')?.textContent?.replace('×', '')), name: c.querySelector('.card-title')?.textContent ?? '', text: c.querySelector('.card-text')?.textContent ?? '', kind: c.querySelector('.card-kind')?.textContent ?? '' })),
  })));
  assert.deepEqual(decks.map((d) => d.title).sort(), ['Arc Foundry', 'Iron Vanguard', 'Mind Lattice', 'Verdant Choir'], `${what}: the browser shows the four decks`);
  for (const d of decks) {
    const n = d.cards.filter((c) => !/^Commander/.test(c.kind)).reduce((a, c) => a + c.copies, 0);
    assert.equal(n, 60, `${what}: ${d.title} lists its 60 cards`);
    assert.ok(d.cards.some((c) => /^Commander/.test(c.kind)), `${what}: ${d.title} names its Commander`);
    for (const c of d.cards) assert.doesNotMatch(c.name, /-|^\d+$/, `${what}: a card by its name: ${c.name}`);
    assert.ok(d.cards.filter((c) => c.text.length > 10).length >= 3, `${what}: ${d.title}'s cards carry their text`);
  }
  await noHorizontalScroll(page, `${what} deck browser`);
  await page.locator('#decks .deck-tabs button', { hasText: 'Verdant Choir' }).click();
  assert.equal(await page.locator('#decks section.deck').count(), 1, `${what}: one deck on demand`);
  await shot(page, shotName);
  await page.locator('#decks-close').click();
  assert.equal(await page.locator('#decks').isVisible(), false, `${what}: the browser closes`);
}

/** Every card id of the four decks (from the server's list of setups): none may show where people read. */
async function cardIds() {
  const g = await (await fetch(`${BASE}/api/games/starcore`)).json();
  const ids = new Set();
  for (const sc of g.scenarios ?? []) for (const d of sc.board?.decks ?? []) for (const c of d.cards ?? []) if (c.card?.id) ids.add(c.card.id);
  assert.ok(ids.size > 20, `the setups list the cards of the decks (${ids.size})`);
  return [...ids];
}

/** No card id (`arc-bolt`), engine tile (`P1:A3`) or ability number counted from 0 in `text`. */
function playerLanguage(text, ids, what) {
  assert.doesNotMatch(text, /\bP[12]:[ABC][1-8]\b/, `${what}: tiles read as players read them (P1 A3), never P1:A3`);
  assert.doesNotMatch(text, /uses ability \d/, `${what}: an ability is named in words, not by its number`);
  const id = ids.find((x) => new RegExp(`(^|[^\\w-])${x}([^\\w-]|$)`).test(text));
  assert.equal(id, undefined, `${what}: a card id shows: ${id}`);
}

/** The hint panel (MCTS): opened, its suggestions read in player language, closed again. */
async function hintShown(page, ids, what) {
  await page.locator('#hint-toggle').waitFor({ state: 'visible', timeout: 15000 });
  await page.locator('#hint-toggle').click();
  await page.locator('.hint-table tbody tr').first().waitFor({ timeout: 30000 });
  const text = await page.locator('#hint-panel').textContent();
  assert.match(text, /Expected line/, `${what}: the hint shows the line it expects`);
  playerLanguage(text, ids, `${what} hint`);
  const actions = await page.locator('.hint-table tbody td:first-child').allTextContents();
  for (const a of actions) assert.match(a.replace(/^★ /, ''), /^[A-Z]/, `${what}: a suggestion reads as a sentence, not a command: ${a}`);
  return text;
}

/** A free loopback port. */
const freePort = () => new Promise((resolve) => {
  const srv = createServer();
  srv.listen(0, '127.0.0.1', () => {
    const { port } = /** @type {any} */ (srv.address());
    srv.close(() => resolve(port));
  });
});

/**
 * A second server whose content gives Arc Foundry's Commander an aimed ability (1 Energy: a
 * friendly card in its lane or beside it gains 1 Shield), so a game reaches one for sure.
 * Returns its address and a stop function, or null when run.sh gave no server command.
 */
async function abilityServer() {
  const cmd = process.env.STARCORE_SERVER;
  const content = process.env.STARCORE_CONTENT;
  if (!cmd || !content) return null;
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-sc-ability-'));
  cpSync(content, join(dir, 'content'), { recursive: true });
  const file = join(dir, 'content', 'starcore', 'cards', 'energy.toml');
  const src = readFileSync(file, 'utf8');
  const anchor = 'keywords = ["pierce"]\n';
  const at = src.indexOf(anchor, src.indexOf('id = "arcwright-solenne"'));
  assert.ok(at > 0, 'the test content finds Arcwright Solenne');
  const ability = '\n[[commander.abilities]]\ntrigger = { activated = { energy = 1 } }\ntarget = { chosen = { side = "friendly", area = { range = "All", width = "lane±1" } } }\neffects = [{ shield = 1 }]\n';
  writeFileSync(file, src.slice(0, at + anchor.length) + ability + src.slice(at + anchor.length));
  const port = await freePort();
  const [bin, ...args] = cmd.split(' ');
  const proc = spawn(bin, [...args, '--port', String(port), '--data', join(dir, 'data'), '--content', join(dir, 'content'), '--create-burst', '50', '--create-per-minute', '50'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (proc.exitCode !== null) throw new Error(`the ability server exited: ${err}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, stop: () => { proc.kill(); rmSync(dir, { recursive: true, force: true }); } };
}

/**
 * My turns until the Commander's aimed ability has been used by pointing: the card, then its
 * ability button, then a highlighted tile. Other turns are played as `play` plays them.
 */
async function useAbility(page, what, deadline) {
  for (;;) {
    assert.ok(Date.now() < deadline, `${what}: the Commander's ability was never offered`);
    const f = await settle(page, 90000);
    // The dice are the server's: a game may end before its pool pays the ability. The caller
    // then starts another.
    if (f.status === 'finished') return false;
    const commander = page.locator('.sc-grid-bottom .card.can-act[aria-label*="Arcwright Solenne"]');
    if (!f.keep && !f.confirm && await commander.count()) {
      await commander.first().click();
      const button = page.locator('[data-action="ability"]');
      if (await button.count()) {
        assert.match(await button.first().textContent(), /^Aim: .*Shield|^Aim: .*shield/i, `${what}: the ability reads in words: ${await button.first().textContent()}`);
        assert.equal(await page.locator('.sc-aim').count(), 0, `${what}: no aim is highlighted before the ability is chosen`);
        await button.first().click();
        const aims = await page.locator('.sc-aim').count();
        assert.ok(aims >= 1, `${what}: the ability's targets are highlighted (${aims})`);
        assert.equal(await page.locator('.sc-target').count(), 0, `${what}: while aiming, no attack target is ringed`);
        assert.match(await page.locator('.sc-aiming').textContent(), /highlighted tile/, `${what}: the panel says to click a highlighted tile`);
        await shot(page, 'ability-aim-1280x800');
        const before = await page.locator('#log').textContent();
        await actAndWait(page, page.locator('.sc-aim .card, .sc-aim button.card-empty').first());
        await page.waitForFunction((b) => (document.querySelector('#log')?.textContent ?? '') !== b, before, { timeout: 15000 });
        const log = await page.locator('#log').textContent();
        assert.match(log, /Arcwright Solenne/, `${what}: the log names the card whose ability ran`);
        assert.match(log, /[Ss]hield/, `${what}: the log says what it did`);
        return true;
      }
      if (await page.locator('[data-action="deselect"]').count()) await page.locator('[data-action="deselect"]').click();
    }
    // Not yet (no Energy left, the stack busy): one step of ordinary play.
    await play(page, { deadline, what, coresFirst: true, until: (s) => s.deploys + s.moves + s.passes + s.attacks >= 1 });
  }
}

const browser = await launch(BROWSER);
const { errors, watch } = pageErrors();

let failure = null;
try {
  const ids = await cardIds();

  /**
   * A whole game against the greedy AI from the lobby, at the page's width: the opening, play
   * until an attack, a reload, play to the real end, the result, the piles, the replay.
   */
  const wholeGame = async (page, what, size, mulligan) => {
    step(`${what}: lobby → Starcore against the greedy AI`);
    const id = await createFromLobby(page, 'ai:greedy', { seed: SEED + (size === '1280x800' ? 0 : 1) });
    await deckBrowser(page, '#match-decks', `${what} match`, `deck-browser-match-${size}`);
    await noHorizontalScroll(page, `${what} mulligan`);
    await shot(page, `mulligan-${size}`);
    const took = await opening(page, what, mulligan);
    await shot(page, `commander-${size}`);
    step(`${what}: deploy (a Module when one is playable), attack with the odds shown, see the stack, reload mid-game, play to the end`);
    const deadline = Date.now() + GAME_TIMEOUT_MS;
    let hint = false;
    const hooks = {
      deadline, what,
      onAttack: () => shot(page, `attack-odds-${size}`),
      onStack: () => shot(page, `stack-${size}`),
      onModule: async () => {
        const host = await page.locator('.sc-grid-bottom .sc-mod').first().getAttribute('data-tile');
        const carried = await page.locator('.sc-grid-bottom .sc-mod .sc-carries').first().textContent().catch(() => '');
        if (size === '1280x800') assert.match(carried ?? '', /Module on [ABC][1-8]/, `${what}: the host card names the Module on its face: ${carried}`);
        assert.ok(host, `${what}: the host's tile carries the Module's face mark`);
        await shot(page, `module-${size}`);
      },
      onBuild: async () => {
        if (hint || size !== '1280x800') return;
        hint = true;
        step(`${what}: the hint panel against the AI`);
        await hintShown(page, ids, `${what} vs AI`);
        await shot(page, `hint-${size}`);
        await page.locator('#hint-toggle').click();
      },
    };
    const first = await play(page, { ...hooks, until: (x) => x.attacks >= 1 });
    assert.ok(!first.timedOut, `${what}: an attack within the time`);
    await shot(page, `midgame-${size}`);
    const before = (await facts(page)).version;
    await page.reload();
    await page.locator('.sc-board-wrap .card-grid').first().waitFor();
    await page.waitForFunction((v) => Number(document.querySelector('.match')?.dataset.version) >= v, before, { timeout: 15000 });
    assert.ok(await page.locator('.sc-grid-bottom .card.side-0').count() > 0, `${what}: after the reload my cards are on the board`);
    // Played on to the game's own end: nobody resigns.
    const rest = await play(page, hooks);
    assert.ok(!rest.timedOut, `${what}: the game ended by itself within ${GAME_TIMEOUT_MS} ms`);
    const sum = (k) => first[k] + rest[k];
    const seen = { deploys: sum('deploys'), cores: sum('cores'), units: sum('units'), modules: sum('modules'), modulesDrawn: sum('modulesDrawn'), moves: sum('moves'), attacks: sum('attacks'), stacks: sum('stacks'), lefts: sum('lefts'), costChecks: sum('costChecks'), odds: [...first.odds, ...rest.odds], maxPicker: Math.max(first.maxPicker, rest.maxPicker), took };
    step(`${what}: game over after ${seen.deploys} deployments (${seen.modules} Modules, ${seen.modulesDrawn} drawn on a host), ${seen.moves} moves, ${seen.attacks} attacks (odds shown: ${seen.odds.slice(0, 4).join(', ')}), ${seen.stacks} stack frames passed, ${seen.costChecks} hand cards checked against the pool; mulligan ${took ? 'taken' : 'not taken'}; the picker showed at most ${seen.maxPicker} buttons`);
    assert.ok(seen.deploys >= 1, `${what}: a card was deployed from the hand`);
    assert.ok(seen.cores >= 1 && seen.units >= 1, `${what}: a Resource Core and a Unit were deployed by pointing (${seen.cores} Cores, ${seen.units} Units)`);
    assert.ok(seen.moves >= 1, `${what}: a card was moved to a highlighted tile`);
    assert.ok(seen.attacks >= 1, `${what}: an attack was confirmed after its odds`);
    assert.ok(seen.stacks >= 1, `${what}: a frame waited on the stack with "respond or pass" and was passed`);
    assert.ok(seen.costChecks >= 1, `${what}: playable marks were checked against the pool`);
    await page.locator('#result').waitFor({ timeout: 15000 });
    const result = await page.locator('#result').textContent();
    step(`${what}: the result: ${await page.locator('#result h2').textContent()} ${await page.locator('#result .result-why').textContent()}`);
    assert.match(result, /wins|draw/i, `${what}: the result panel says who won: ${result}`);
    assert.match(await page.locator('#result .result-why').textContent(), /Commander destroyed|deck out|turn limit/i, `${what}: the result panel gives the game's own reason: ${result}`);
    assert.ok(await page.locator('#rematch').count(), `${what}: the result panel offers a Rematch`);
    assert.ok(await page.locator('#result-replay').count(), `${what}: the result panel offers the replay`);
    playerLanguage(result, ids, `${what} result`);
    await page.locator('#result').scrollIntoViewIfNeeded();
    await shot(page, `result-${size}`);
    playerLanguage(await page.locator('#log').textContent(), ids, `${what} log`);
    playerLanguage((await page.locator('.match button').allTextContents()).join(' | '), ids, `${what} buttons`);
    // Links between linked faces and networks outlined, with their output per resource.
    const board = await page.evaluate(() => ({
      links: document.querySelectorAll('.sc-grid [class*="link-"]').length,
      nets: document.querySelectorAll('.sc-grid .sc-net').length,
      keys: [...document.querySelectorAll('.sc-networks li')].map((li) => li.textContent),
    }));
    assert.ok(board.links > 0, `${what}: links are drawn between linked faces`);
    assert.ok(board.nets > 0 && board.keys.length > 0, `${what}: networks are outlined and listed (${board.nets} tiles, ${board.keys.length} networks)`);
    for (const k of board.keys) assert.match(k, /^Network \d+: .*makes (nothing|\d+ (Matter|Energy|Life|Signal)( \+ \d+ (Matter|Energy|Life|Signal))*) a turn$/, `${what}: a network's output per resource: ${k}`);
    assert.match(await page.locator('.sc-count[data-term="Pool"]').first().textContent(), /^Pool: /, `${what}: each side's pool is shown`);
    // The Scrapyard and the Void can be opened and read.
    const yard = page.locator('details.sc-pile[data-pile="scrapyard"]').filter({ hasNot: page.locator('p.muted') }).first();
    assert.ok(await yard.count(), `${what}: a Scrapyard holds cards at the end`);
    await yard.locator('summary').click();
    const yardCards = await yard.locator('li').allTextContents();
    assert.ok(yardCards.length > 0 && yardCards.every((n) => n.length > 2 && !ids.includes(n)), `${what}: the Scrapyard lists its cards by name: ${yardCards.join(', ')}`);
    assert.equal(await page.locator('details.sc-pile[data-pile="void"]').count(), 2, `${what}: both Voids are there to open`);
    await yard.scrollIntoViewIfNeeded();
    await shot(page, `piles-${size}`);
    step(`${what}: the replay`);
    await page.locator('#result-replay').click();
    await page.waitForURL(new RegExp(`/replay/${id}$`));
    await page.locator('.sc-board-wrap .card-grid').first().waitFor();
    await noHorizontalScroll(page, `${what} replay`);
    if (size === '1280x800') {
      // The hint panel in the replay, at a move before the end.
      for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(300);
      await hintShown(page, ids, `${what} replay`);
      await shot(page, `replay-hint-${size}`);
    }
    await page.keyboard.press('End');
    await page.waitForTimeout(400);
    assert.ok(await page.locator('.sc-grid .card').count() > 0, `${what}: the replay shows the cards on the board`);
    assert.equal(await page.locator('.sc-hand').isVisible(), false, `${what}: a replay shows no hand (a spectator sees none)`);
    playerLanguage(await page.locator('.log').first().textContent(), ids, `${what} replay log`);
    await shot(page, `replay-${size}`);
    if (size === '1280x800') {
      // Rematch from the result panel: a new Starcore match against the same AI.
      await page.goBack();
      await page.locator('#rematch').click();
      await page.waitForURL((u) => /\/play\/[0-9a-f]{16}$/.test(u.pathname) && !u.pathname.endsWith(id), { timeout: 15000 });
      await page.locator('.sc-board-wrap .card-grid').first().waitFor();
      await settle(page);
      assert.equal(await page.locator('[data-action="keep"]').count(), 1, `${what}: the rematch starts at the mulligan`);
      step(`${what}: Rematch opened a new match`);
    }
    return seen;
  };

  // ---- desktop and phone: a whole game each, side by side ----------------------------------
  // Two independent matches in two browser contexts at once: each mostly waits on the AI and
  // its pages, so together they take about as long as the longer one.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await desk.addInitScript(() => localStorage.setItem('gridwright.pace', 'instant'));
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.addInitScript(() => localStorage.setItem('gridwright.pace', 'instant'));
  const page = await desk.newPage();
  watch(page, 'desktop');
  const mob = await phone.newPage();
  watch(mob, 'phone');
  const [deskSeen, phoneSeen] = await Promise.all([
    (async () => {
      step('desktop: the lobby previews the setups; the deck browser');
      await lobbySetups(page, 'desktop');
      await shot(page, 'lobby-setups-1280x800');
      await deckBrowser(page, '#lobby-decks', 'desktop lobby', 'deck-browser-1280x800');
      return wholeGame(page, 'desktop', '1280x800', 'no-module');
    })(),
    (async () => {
      step('phone: the lobby previews the setups; the deck browser');
      await lobbySetups(mob, 'phone');
      await noHorizontalScroll(mob, 'phone lobby');
      await deckBrowser(mob, '#lobby-decks', 'phone lobby', 'deck-browser-390x844');
      return wholeGame(mob, 'phone', '390x844', 'always');
    })(),
  ]);
  const tiles = await mob.locator('.sc-grid-bottom .card-grid-cell').first().boundingBox();
  assert.ok(tiles && tiles.width >= 36 && tiles.height >= 44, `phone: a tile is ${tiles?.width}×${tiles?.height}px`);
  // A Module attached in at least one of the two games (each plays one first whenever it can).
  assert.ok(deskSeen.modulesDrawn + phoneSeen.modulesDrawn >= 1, `a Module was attached and drawn on its host's face (desktop ${deskSeen.modules} deployed, phone ${phoneSeen.modules})`);

  // ---- hotseat: the cover between the players -------------------------------------------
  step('hotseat: both seats on this device; the cover hides the table between players');
  const hot = await desk.newPage();
  watch(hot, 'hotseat');
  await createFromLobby(hot, 'human');
  await settle(hot);
  assert.equal(await hot.locator('#hotseat-cover').isVisible(), false, 'hotseat: no cover before the first hand-over');
  const p1Hand = (await hot.locator('.sc-hand .card-title').allTextContents()).join('|');
  await hot.locator('[data-action="keep"]').click();
  await hot.locator('#hotseat-cover').waitFor({ state: 'visible', timeout: 15000 });
  assert.equal(await hot.locator('#hint-panel').isVisible(), false, 'hotseat: no hint shows under the cover');
  const coverText = await hot.locator('#hotseat-cover').textContent();
  assert.match(coverText, /Pass the device to P2/, `hotseat: the cover names the next player: ${coverText}`);
  assert.equal(await hot.locator('.sc-hand').isVisible(), false, 'hotseat: no hand shows under the cover');
  assert.equal(await hot.locator('#log').isVisible(), false, 'hotseat: the log does not show under the cover');
  await shot(hot, 'hotseat-cover-1280x800');
  await hot.locator('#hotseat-reveal').click();
  await hot.locator('.sc-hand .card').first().waitFor();
  assert.match(await hot.locator('.sc-hand h2').textContent(), /Your hand/, 'hotseat: after confirming, P2 sees its own hand');
  // The mulligan stays sealed: P2 learns that P1 has chosen, not what.
  const mull = await hot.locator('.sc-mulligan').textContent();
  assert.match(mull, /P1 has chosen/, `hotseat: P2 is told P1 has chosen: ${mull}`);
  assert.doesNotMatch(`${mull} ${await hot.locator('#log').textContent()}`, /P1 chooses to|P1 keeps|Keep the opening hand/, 'hotseat: P1\'s choice is not shown to P2 before both have chosen');
  // The hint panel (MCTS) in hotseat, for the player now at the table.
  await hintShown(hot, ids, 'hotseat');
  await shot(hot, 'hotseat-hint-1280x800');
  const p2Hand = (await hot.locator('.sc-hand .card-title').allTextContents()).join('|');
  const p2Log = await hot.locator('#log').textContent();
  for (const n of p1Hand.split('|')) {
    if (!p2Hand.split('|').includes(n)) assert.ok(!p2Log.includes(`draws ${n}`), `hotseat: P2's log does not name P1's draw of ${n}`);
  }
  await hot.locator('#hint-toggle').click();
  // P2 keeps too (and places its Commander first if it plays first): the table goes back to
  // P1, covered again first.
  await hot.locator('[data-action="keep"]').click();
  // The cover may come up between a look and a click (the AI-less hotseat answers at once): a
  // destination is clicked only while it shows, and a click the cover took is not retried.
  for (let i = 0; i < 40 && !(await hot.locator('#hotseat-cover').isVisible()); i++) {
    const v = await hot.locator('.match').getAttribute('data-version');
    const dest = hot.locator('.sc-dest button.card-empty:visible');
    let clicked = false;
    if (await dest.count()) clicked = await dest.first().click({ timeout: 5000 }).then(() => true, () => false);
    if (clicked) {
      await hot.waitForFunction((old) => document.querySelector('.match')?.dataset.version !== old || !document.querySelector('#hotseat-cover')?.hidden, v, { timeout: 15000 });
    } else await hot.waitForTimeout(250);
  }
  await hot.locator('#hotseat-cover').waitFor({ state: 'visible', timeout: 15000 });
  assert.match(await hot.locator('#hotseat-cover').textContent(), /Pass the device to P1/, 'hotseat: the cover names P1 next');
  assert.equal(await hot.locator('.sc-hand').isVisible(), false, 'hotseat: no hand shows under the second cover');
  await hot.locator('#hotseat-reveal').click();
  await hot.locator('.sc-hand .card').first().waitFor();
  assert.match(await hot.locator('.sc-hand h2').textContent(), /Your hand/, 'hotseat: after confirming, P1 sees its own hand again');
  assert.equal((await hot.locator('.sc-hand .card-title').allTextContents()).join('|'), p1Hand, 'hotseat: P1\'s hand is the one it kept');
  await shot(hot, 'hotseat-p1-again-1280x800');
  await hot.close();

  // ---- an aimed ability, on a server whose content has one ------------------------------
  const ab = await abilityServer();
  if (ab) {
    try {
      step('ability: the Commander\'s ability chosen from the card, then aimed at a highlighted tile');
      const ap = await desk.newPage();
      watch(ap, 'ability');
      const deadline = Date.now() + 240000;
      let used = false;
      for (let game = 1; !used; game++) {
        assert.ok(game <= 3, 'ability: three games ended before the Commander could pay its ability');
        if (game > 1) step(`ability: that game ended first; game ${game}`);
        await createFromLobby(ap, 'ai:greedy', { base: ab.base, scenario: 'arc-foundry-vs-iron-vanguard+global-pooling', seed: SEED + 1 + game });
        await opening(ap, 'ability');
        used = await useAbility(ap, 'ability', deadline);
      }
      step('ability: used by pointing');
      await ap.close();
    } finally {
      ab.stop();
    }
  } else {
    step('ability: skipped (no STARCORE_SERVER / STARCORE_CONTENT)');
  }
} catch (e) {
  failure = e;
}
await finish(browser, { errors, failure, step, shotPath: (c, i) => join(SHOTS, `starcore-failure-${c}-${i}.png`) });
