// End-to-end checks of the view kit (web/ui/) for Grid Battles, Command Core and Connect Four,
// at 1280×800 and 390×844: How to play opens, a tooltip shows, a finished match has a result
// panel whose Rematch starts a new match, the tab title marks my turn, an open seat says it
// waits, reduced motion is honoured, the picker never shows more than 30 buttons, Create match
// is above the fold; and the time from an AI's move to the end of its animation is measured.
// Called by play.e2e.mjs (which owns the browser and the server).

import assert from 'node:assert/strict';

const GAMES = ['grid-battles', 'command-core', 'connect-four'];
const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const MAX_BUTTONS = 30;

/** How each game's matches can end, as the result panel says it (the games' `end_reason`, as
 * crates/catalog/tests/player_language.rs pins them), word for word. */
const ENDINGS = {
  'grid-battles': ['First to 2 victory points', 'First to 3 victory points', 'First to 5 victory points', 'Every enemy unit destroyed',
    'Round limit reached: more victory points', 'Round limit reached: equal victory points'],
  'command-core': ['Every enemy mech destroyed', 'Both sides lost their last mechs at once', 'Round limit reached: more structure left',
    'Round limit reached: equal structure left'],
  'connect-four': ['Four in a row', 'Board full'],
};

/** POST /api/matches; returns the created answer. */
async function create(BASE, body) {
  const res = await fetch(`${BASE}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  assert.equal(res.status, 201, `create ${body.game}: ${text}`);
  return JSON.parse(text);
}

async function status(BASE, id) {
  return (await (await fetch(`${BASE}/api/matches/${id}`)).json()).status;
}

/** The agent of both seats of the finished AI matches. */
const s0agent = (game) => (game === 'connect-four' ? 'random' : 'greedy');

/** An AI-only match that finishes on its own (greedy where the game has it). */
async function finishedMatch(BASE, game) {
  const agent = s0agent(game);
  const c = await create(BASE, { game, seats: [{ kind: 'ai', agent }, { kind: 'ai', agent }], ai_delay_ms: 0 });
  const id = c.match.id;
  for (let i = 0; i < 300 && (await status(BASE, id)) !== 'finished'; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await status(BASE, id), 'finished', `${game}: the AI match finished`);
  return id;
}

/** Buttons shown in every picker on the page (visible ones). */
async function pickerButtons(page) {
  return page.locator('.picker:not([hidden]) button:visible').count();
}

/** Walks the picker as deep as it goes from the top, checking the count on every screen. */
async function checkPicker(page, what) {
  const seen = [];
  for (let depth = 0; depth < 4; depth++) {
    const n = await pickerButtons(page);
    seen.push(n);
    assert.ok(n <= MAX_BUTTONS, `${what}: the picker shows ${n} buttons (at most ${MAX_BUTTONS})`);
    const group = page.locator('.picker:not([hidden]) button.picker-group:visible').first();
    if (!(await group.count())) break;
    await group.click();
    const more = page.locator('.picker:not([hidden]) button[data-picker="next"]:visible:not([disabled])').first();
    if (await more.count()) {
      await more.click();
      const m = await pickerButtons(page);
      seen.push(m);
      assert.ok(m <= MAX_BUTTONS, `${what}: a second page shows ${m} buttons`);
      await page.locator('.picker:not([hidden]) button[data-picker="prev"]').first().click();
    }
  }
  // Back to the top for whoever plays on.
  while (await page.locator('.picker:not([hidden]) button[data-picker="back"]:visible').count()) {
    await page.locator('.picker:not([hidden]) button[data-picker="back"]:visible').first().click();
  }
  return seen;
}

/**
 * Below 960 px: the hint follows the board, the game's action bar stays in view (at the top of
 * the page and scrolled to the board's end), and every button, field and choice of the match is
 * a tap target of at least 44 × 44 px. Returns the figures.
 */
async function checkPhone(page, size, what) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const board = await page.locator('.slot-main').boundingBox();
  const hint = await page.locator('.hint-panel:not([hidden])').boundingBox();
  assert.ok(hint, `${what}: the hint panel is shown against the AI`);
  assert.ok(hint.y >= board.y + board.height - 1, `${what}: the hint (top ${hint.y}) follows the board (bottom ${board.y + board.height})`);
  const bars = [];
  // The game's action bar: the side slot, or Connect Four's column buttons over its board.
  const sel = (await page.locator('.slot-side button').count()) ? '.slot-side' : '.c4-buttons';
  for (const where of ['top', 'board end']) {
    if (where !== 'top') await page.evaluate(() => { const b = document.querySelector('.slot-main')?.getBoundingClientRect(); if (b) window.scrollBy(0, b.bottom - window.innerHeight); });
    const bar = await page.locator(sel).boundingBox();
    // The bar's topmost button (the layout reorders the bar's parts on a phone).
    const first = await page.evaluate((s) => [...document.querySelectorAll(`${s} button`)]
      .map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0)
      .sort((a, b) => a.top - b.top).map((r) => ({ y: r.top, height: r.height }))[0] ?? null, sel);
    assert.ok(bar && bar.y < size.height - 44 && first && first.y >= 0 && first.y + first.height <= size.height,
      `${what}: the action bar is in view (${where}: bar top ${bar?.y}, first button ${first?.y}–${first && first.y + first.height} of ${size.height})`);
    bars.push(Math.round(bar.y));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  const small = await page.evaluate(() => [...document.querySelectorAll('.match button, .match select, .match input:not([type="hidden"]), .match .button, .match .choice')]
    .map((e) => ({ e, r: e.getBoundingClientRect() }))
    .filter(({ e, r }) => r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden]'))
    .filter(({ r }) => Math.round(r.width) < 44 || Math.round(r.height) < 44)
    .map(({ e, r }) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`));
  assert.deepEqual(small, [], `${what}: tap targets under 44 px`);
  const n = await page.locator('.match button:visible').count();
  return `hint top ${Math.round(hint.y)} ≥ board bottom ${Math.round(board.y + board.height)}; action bar (${sel}) top at ${bars.join(' / ')} of ${size.height}; ${n} buttons, all ≥ 44×44 px`;
}

/**
 * A compressed JSON answer with an ETag, and a 304 on revisit: the match's reference data and
 * the game's How to play page.
 */
async function checkCompressed(BASE, id, game, what) {
  const out = [];
  for (const path of [`/api/matches/${id}/reference`, `/api/games/${game}/how-to-play`]) {
    const first = await fetch(`${BASE}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    const body = await first.arrayBuffer();
    assert.equal(first.status, 200, `${what}: ${path}`);
    const enc = first.headers.get('content-encoding');
    const etag = first.headers.get('etag');
    assert.equal(enc, 'gzip', `${what}: ${path} travels gzipped`);
    assert.ok(etag, `${what}: ${path} has an ETag`);
    const again = await fetch(`${BASE}${path}`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    assert.equal(again.status, 304, `${what}: ${path} revisited is answered 304`);
    assert.equal((await again.arrayBuffer()).byteLength, 0, `${what}: a 304 has no body`);
    out.push(`${path.replace(id, '{id}')} gzip ${body.byteLength} B (decoded), then 304`);
  }
  return out.join('; ');
}

/** Counts the page's animations: every `Element.animate` call, and the most CSS or script
 * animations running at once (sampled each frame). */
function countAnimations() {
  window.__gwAnimations = 0;
  window.__gwRunning = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.__gwAnimations += 1;
    return animate.apply(this, args);
  };
  const sample = () => {
    window.__gwRunning = Math.max(window.__gwRunning, document.getAnimations?.().filter((a) => a.playState === 'running').length ?? 0);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

/**
 * Reduced motion, per game: a spectator of an AI match sees its moves animate (a disc drops,
 * mechs run their programs, units slide), and with `prefers-reduced-motion: reduce` the same
 * stretch of the same game animates nothing. Returns the figures.
 */
async function checkReducedMotion(browser, BASE, watch, game) {
  const seen = {};
  let until = 0;
  for (const reduced of [false, true]) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: reduced ? 'reduce' : 'no-preference' });
    await ctx.addInitScript(countAnimations);
    await ctx.addInitScript(() => localStorage.setItem('gridwright.pace', 'fast'));
    const page = await ctx.newPage();
    watch(page, `reduced motion ${game}${reduced ? ' (reduce)' : ''}`);
    const agent = s0agent(game);
    const c = await create(BASE, { game, seed: 5, seats: [{ kind: 'ai', agent }, { kind: 'ai', agent }], ai_delay_ms: 120, ...(game === 'command-core' ? { scenario: 'duel' } : {}) });
    await page.goto(`${BASE}/play/${c.match.id}`);
    await page.locator('.match[data-version]').waitFor();
    if (!reduced) {
      await page.waitForFunction(() => window.__gwAnimations > 0, null, { timeout: 60000 });
      until = Number(await page.locator('.match').getAttribute('data-version')) + 4;
    }
    await page.waitForFunction((v) => Number(document.querySelector('.match')?.dataset.version) >= v || document.querySelector('.match')?.dataset.status === 'finished', until, { timeout: 60000 });
    const [anims, running] = await page.evaluate(() => [window.__gwAnimations, window.__gwRunning]);
    const version = Number(await page.locator('.match').getAttribute('data-version'));
    seen[reduced ? 'reduce' : 'normal'] = `${anims} animations (at most ${running} at once) by version ${version}`;
    if (reduced) {
      assert.equal(anims, 0, `${game}: with reduced motion nothing animates`);
      assert.equal(running, 0, `${game}: with reduced motion no CSS animation runs`);
    } else assert.ok(anims > 0 && running > 0, `${game}: the AI's moves animate`);
    await fetch(`${BASE}/api/matches/${c.match.id}/abort`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${c.creator_token}` }, body: '{}' });
    await ctx.close();
  }
  return `motion ${seen.normal}; reduced ${seen.reduce}`;
}

/** Opens How to play, checks it, closes it. Needs GET /api/games/{game}/how-to-play (wire branch). */
/** The replay of a finished match (waits for it to finish). */
async function finishedReplay(BASE, id, what) {
  for (let i = 0; i < 300 && (await status(BASE, id)) !== 'finished'; i++) await new Promise((r) => setTimeout(r, 100));
  const res = await fetch(`${BASE}/api/matches/${id}/replay`);
  assert.equal(res.status, 200, `${what}: the replay of ${id}`);
  return res.json();
}

/**
 * Rematch with "Same dice" between AI seats: the same seed, so the same (seeded) agents play
 * the very same game — the same moves and the same event log hash. The plain rematch `plain`
 * (a new seed) played another game.
 */
async function checkSameDice(page, BASE, original, plain, what) {
  await page.goto(`${BASE}/play/${original}`);
  const same = page.locator('#result .same-seed input[type="checkbox"]');
  await same.waitFor();
  assert.equal(await same.isChecked(), false, `${what}: "Same dice" is off until asked for`);
  await same.check();
  await page.locator('#rematch').click();
  await page.waitForURL((u) => /\/play\/[0-9a-f]{16}$/.test(u.pathname) && !u.pathname.endsWith(original), { timeout: 15000 });
  const again = /\/play\/([0-9a-f]{16})/.exec(page.url())[1];
  assert.notEqual(again, plain, `${what}: "Same dice" starts another match`);
  const [was, twin, other] = await Promise.all([original, again, plain].map((id) => finishedReplay(BASE, id, what)));
  assert.equal(twin.event_hash, was.event_hash, `${what}: "Same dice" replays the same game (event log hash)`);
  assert.deepEqual(twin.moves, was.moves, `${what}: "Same dice" replays the same moves`);
  assert.notEqual(other.event_hash, was.event_hash, `${what}: a plain rematch plays with new dice`);
  return `the same ${twin.moves.length} moves and event hash ${twin.event_hash.slice(0, 12)}…; the plain rematch ${other.event_hash.slice(0, 12)}…`;
}

async function checkHowTo(page, game, what) {
  await page.locator('#howto-open, #lobby-howto').first().click();
  const drawer = page.locator('#howto');
  await drawer.waitFor();
  await page.waitForFunction(() => !/Loading…/.test(document.querySelector('#howto')?.textContent ?? ''), null, { timeout: 10000 });
  const text = await drawer.textContent();
  assert.doesNotMatch(text, /no how-to-play page|could not be loaded/, `${what}: How to play for ${game} is served (GET /api/games/${game}/how-to-play)`);
  assert.ok((await drawer.locator('.howto-section').count()) >= 1, `${what}: How to play has sections`);
  assert.ok((await drawer.locator('.howto-glossary dt').count()) >= 1, `${what}: How to play has a glossary`);
  return async () => {
    await page.locator('#howto-close').click();
    await drawer.waitFor({ state: 'hidden' });
  };
}

/** Hovers (desktop) or taps (phone) an element with a tip and reads the tooltip. */
async function checkTooltip(page, selector, touch, what) {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  // On a phone a tap on an action button (a Connect Four column) plays it, and the tip goes
  // with the button when the next state is drawn: such a tip is read by keyboard focus, which
  // shows it the same way.
  const button = touch && await el.evaluate((e) => e instanceof HTMLButtonElement);
  const open = async () => {
    if (button) await el.focus();
    else if (touch) await el.tap();
    else await el.hover();
  };
  await open();
  const tip = page.locator('#tooltip');
  await tip.waitFor({ state: 'visible', timeout: 3000 }).catch(async () => {
    if (button) await el.blur();
    else await page.mouse.move(0, 0);
    await open();
    await tip.waitFor({ state: 'visible', timeout: 3000 });
  });
  const text = (await tip.textContent()).trim();
  assert.ok(text.length > 3, `${what}: the tooltip of ${selector} says something`);
  assert.doesNotMatch(text, /[{}[\]]|undefined|null/, `${what}: the tooltip is in words: ${text}`);
  return text;
}

/** A term from the glossary on hover or tap (wire branch: the glossary): the first term shown
 * that the game's glossary explains. */
async function checkGlossaryTip(page, game, touch, what) {
  const glossary = await (await fetch(`${page.url().replace(/^(https?:\/\/[^/]+).*$/, '$1')}/api/games/${game}/how-to-play`)).json();
  const known = new Set(glossary.glossary.map((g) => g.term.toLowerCase()));
  const terms = await page.locator('[data-term]:visible').evaluateAll((els) => els.map((e) => e.getAttribute('data-term')));
  const term = terms.find((t) => known.has(t.toLowerCase()) || known.has(t.toLowerCase().replace(/s$/, '')));
  assert.ok(term, `${what}: a term shown is in the glossary (shown: ${[...new Set(terms)].join(', ')}; glossary: ${[...known].join(', ')})`);
  const el = page.locator(`[data-term="${term}"]:visible`).first();
  await el.scrollIntoViewIfNeeded();
  if (touch) await el.tap();
  else await el.hover();
  await page.locator('#tooltip').waitFor({ state: 'visible', timeout: 3000 }).catch(async () => {
    await page.mouse.move(0, 0);
    if (touch) await el.tap();
    else await el.hover();
    await page.locator('#tooltip').waitFor({ state: 'visible', timeout: 3000 });
  });
  const text = await page.locator('#tooltip').textContent();
  assert.ok(text.toLowerCase().startsWith(`${term.toLowerCase().replace(/s$/, '')}`), `${what}: the glossary explains ${term}: ${text}`);
  return text;
}

/**
 * Every kit check. `ctx`: {browser, BASE, shot, step, watch, gbFinished (a finished Grid Battles
 * match this browser played, or null)}. Returns figures for the report.
 */
export async function kitChecks({ browser, BASE, shot, step, watch }) {
  const figures = {};
  const finished = {};
  for (const g of GAMES) finished[g] = await finishedMatch(BASE, g);
  step(`kit: finished AI matches ${Object.entries(finished).map(([g, id]) => `${g} ${id}`).join(', ')}`);

  for (const size of SIZES) {
    const touch = size.width < 960;
    const tag = `${size.width}x${size.height}`;
    const ctx = await browser.newContext({ viewport: size, isMobile: touch, hasTouch: touch, deviceScaleFactor: touch ? 2 : 1 });
    await ctx.addInitScript(() => localStorage.setItem('gridwright.pace', 'fast'));
    const page = await ctx.newPage();
    page.setDefaultTimeout(15000);
    watch(page, `kit ${tag}`);

    // The lobby: Create match above the fold; How to play from the lobby.
    await page.goto(`${BASE}/`);
    await page.locator('input[name="game"]').first().waitFor();
    const box = await page.locator('#create-match').boundingBox();
    assert.ok(box && box.y + box.height <= size.height, `${tag}: Create match is above the fold (bottom at ${box && box.y + box.height})`);
    for (const g of GAMES) {
      await page.locator(`input[name="game"][value="${g}"]`).check();
      await page.locator(`#lobby-howto[data-game="${g}"]`).waitFor();
      const close = await checkHowTo(page, g, `${tag} lobby`);
      if (g === 'grid-battles') await shot(page, `kit-howto-${tag}`);
      await close();
    }
    // The finished list names the winner.
    await page.waitForFunction(() => [...document.querySelectorAll('.match-item .winner')].some((w) => /won|wins|draw/i.test(w.textContent ?? '')), null, { timeout: 10000 });

    for (const g of GAMES) {
      const what = `${tag} ${g}`;
      // The result panel of a finished match, with Rematch starting a new match.
      await page.goto(`${BASE}/play/${finished[g]}`);
      const panel = page.locator('#result');
      await panel.waitFor();
      const head = await panel.locator('h2').textContent();
      assert.match(head, /wins|draw/i, `${what}: the result panel says who won: ${head}`);
      assert.doesNotMatch(await panel.textContent(), /[{}]|undefined|Some\(|None\b/, `${what}: the result panel is in words`);
      const why = (await panel.locator('.result-why').textContent())?.trim();
      assert.ok(ENDINGS[g].includes(why ?? ''), `${what}: the result panel says how the game ended in the game's words: ${why}`);
      figures[`ending ${g}`] = why;
      if (g === 'connect-four' && why === 'Four in a row') {
        // The winning line is marked on the board.
        assert.ok((await page.locator('svg.c4-board .disc.win').count()) >= 4, `${what}: the four in a row are marked`);
      }
      assert.equal(await page.locator('#result-replay').count(), 1, `${what}: Watch the replay`);
      await shot(page, `kit-result-${g}-${tag}`);
      if (!touch || g === 'connect-four') {
        await page.locator('#rematch').click();
        await page.waitForURL((u) => /\/play\/[0-9a-f]{16}$/.test(u.pathname) && !u.pathname.endsWith(finished[g]), { timeout: 15000 });
        const nid = /\/play\/([0-9a-f]{16})/.exec(page.url())[1];
        const sum = await (await fetch(`${BASE}/api/matches/${nid}`)).json();
        assert.equal(sum.game, g, `${what}: the rematch is the same game`);
        assert.deepEqual(sum.seats.map((s) => [s.kind, s.agent]), [['ai', s0agent(g)], ['ai', s0agent(g)]], `${what}: the rematch keeps the seats and their agents`);
        const [was, now] = await Promise.all([finished[g], nid].map(async (mid) => (await fetch(`${BASE}/api/matches/${mid}`)).json()));
        assert.equal(now.scenario, was.scenario, `${what}: the rematch plays the same scenario`);
        if (g === 'connect-four' && !touch) figures['same dice connect-four'] = await checkSameDice(page, BASE, finished[g], nid, what);
      }

      // An open seat: the match waits, with the invite link, and the tab title marks my turn.
      const open = await create(BASE, { game: g, seats: [{ kind: 'human' }, { kind: 'open' }] });
      await page.goto(`${BASE}${open.seats[0].link}`);
      await page.waitForFunction(() => /Waiting for a player to join as P2/.test(document.querySelector('#turn')?.textContent ?? ''));
      const waiting = (await page.locator('#turn').textContent()) ?? '';
      assert.ok(waiting.includes(`send them the invite link ${BASE}/play/${open.match.id}`), `${what}: the waiting state gives the invite link: ${waiting}`);
      figures[`waiting ${g} ${tag}`] = waiting.replace(BASE, '');
      if (g === 'connect-four') {
        await page.locator('.match[data-my-turn="true"]').waitFor();
        const title = await page.title();
        assert.match(title, /^● Your turn · /, `${what}: the tab title marks my turn: ${title}`);
        assert.match(await page.locator('link[rel="icon"]').getAttribute('href'), /^data:image\/svg\+xml/, `${what}: the favicon marks my turn`);
      }
      await shot(page, `kit-waiting-${g}-${tag}`);

      // Against the AI: my turn in the title, a tooltip, the picker's limit, How to play in the match.
      const vs = await create(BASE, { game: g, seats: [{ kind: 'human' }, { kind: 'ai', agent: g === 'connect-four' ? 'mcts:iters=40' : 'greedy' }], ai_delay_ms: 0, ...(g === 'command-core' ? { scenario: 'duel' } : {}) });
      await page.goto(`${BASE}${vs.seats[0].link}`);
      await page.locator('.match[data-my-turn="true"]').waitFor({ timeout: 20000 });
      assert.match(await page.title(), /^● Your turn · /, `${what}: the tab title on my turn`);
      const tipSel = g === 'grid-battles' ? 'svg.board .hex[data-tip]' : g === 'connect-four' ? '.c4-buttons button[data-tip]' : '[data-key^="row-"][data-tip]';
      figures[`tooltip ${g} ${tag}`] = await checkTooltip(page, tipSel, touch, what);
      if (g === 'grid-battles') {
        // The first hex of the map, in words: its map label and its terrain (content/grid-battles/rules.toml).
        assert.match(figures[`tooltip ${g} ${tag}`], /^Hex 0000 · (Plain: 1 movement point to enter, open to sight|Woods: 2 movement points to enter, blocks line of sight|Hill: \d movement points? to enter, (blocks line of sight|open to sight))$/, `${what}: the hex tooltip in words`);
      }
      await shot(page, `kit-turn-${g}-${tag}`);
      if (touch) {
        figures[`phone ${g} ${tag}`] = await checkPhone(page, size, what);
        await shot(page, `kit-phone-${g}-${tag}`);
      } else figures[`compressed ${g}`] = await checkCompressed(BASE, vs.match.id, g, what);
      if (g !== 'connect-four') figures[`picker ${g} ${tag}`] = (await checkPicker(page, what)).join('/');
      else {
        // No picker: one button per column.
        const n = await page.locator('.c4-buttons button:visible').count();
        assert.ok(n <= MAX_BUTTONS, `${what}: ${n} column buttons`);
        figures[`picker ${g} ${tag}`] = `${n} column buttons`;
      }
      const close = await checkHowTo(page, g, `${what} match`);
      await close();
      if (g === 'connect-four' && !touch) {
        // Sound is off unless asked for; Resign ends the match (the server's resign, or where
        // it has none the creator's abort) and the result panel says how.
        assert.equal(await page.locator('#sound-toggle').getAttribute('aria-pressed'), 'false', `${what}: sound is off by default`);
        await page.evaluate(([mid, tok]) => localStorage.setItem(`gridwright.creator.${mid}`, tok), [vs.match.id, vs.creator_token]);
        await page.reload();
        await page.locator('.match[data-my-turn="true"]').waitFor();
        // One move each first, so the replay has moves to step through before the resignation.
        const before = Number(await page.locator('.match').getAttribute('data-version'));
        await page.locator('.c4-buttons button[data-action="drop 4"]').click();
        await page.waitForFunction((v) => Number(document.querySelector('.match')?.getAttribute('data-version')) >= v + 2
          && document.querySelector('.match')?.getAttribute('data-my-turn') === 'true', before, { timeout: 20000 });
        await page.locator('#resign').click();
        await page.locator('#resign-confirm').click();
        await page.locator('#result').waitFor();
        figures.resign = `${await page.locator('#result h2').textContent()} (${await status(BASE, vs.match.id)})`;
        assert.equal((await page.locator('#result h2').textContent())?.trim(), 'P2 wins — you lost.', `${what}: the result after resigning`);
        assert.equal((await page.locator('#result .result-why').textContent())?.trim(), 'P1 resigned', `${what}: how it ended`);
        await page.waitForFunction(() => /P1 resigned; P2 won/.test(document.querySelector('#log')?.lastElementChild?.textContent ?? ''));
        assert.equal((await page.locator('#log > li').last().locator('li').last().textContent())?.trim(), 'P1 resigned; P2 won', `${what}: the log's last entry is the resignation`);
        // The log says what happened in sentences, never the engine's notation (`drop 4`).
        assert.deepEqual(await page.locator('#log > li > strong').allTextContents(), ['P1', 'P2', 'P1'], `${what}: the log's headings name who acted`);
        assert.match((await page.locator('#log > li').first().textContent()) ?? '', /^P1P1 drops into column 4, row 1$/, `${what}: the log in words`);
        // The replay shows it too, at its last step.
        await page.goto(`${BASE}/replay/${vs.match.id}`);
        await page.locator('[data-step="last"]').click();
        await page.locator('.replay[data-resigned="0"]').waitFor();
        assert.equal((await page.locator('.replay .status').textContent())?.trim(), 'P1 resigned — P2 won', `${what}: the replay says who resigned`);
        assert.match((await page.locator('.replay ol.log > li').last().textContent()) ?? '', /P1 resigned; P2 won/, `${what}: the replay's log ends with the resignation`);
        await shot(page, `kit-resigned-${tag}`);
      }
      if (g === 'grid-battles') {
        await page.locator('svg.board .unit.can-act').first().click();
        await page.locator('.unit-card [data-term]').first().waitFor();
        figures[`glossary tip ${tag}`] = await checkGlossaryTip(page, g, touch, what);
      }
    }
    await ctx.close();
  }

  for (const g of GAMES) figures[`reduced motion ${g}`] = await checkReducedMotion(browser, BASE, watch, g);

  // Motion: the time from an AI's move to the end of its animation, at the normal pace; then
  // with reduced motion, nothing animates.
  for (const reduced of [false, true]) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: reduced ? 'reduce' : 'no-preference' });
    await ctx.addInitScript(() => {
      window.__gwAnimations = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        window.__gwAnimations += 1;
        return animate.apply(this, args);
      };
    });
    const page = await ctx.newPage();
    watch(page, `motion${reduced ? ' reduced' : ''}`);
    const vs = await create(BASE, { game: 'grid-battles', scenario: 'skirmish', seats: [{ kind: 'human' }, { kind: 'ai', agent: 'greedy' }], ai_delay_ms: 40 });
    await page.goto(`${BASE}${vs.seats[0].link}`);
    // Hold every unit this turn (activate, then end each phase), so the AI moves next.
    for (let i = 0; i < 40; i++) {
      await page.locator('.match[data-my-turn="true"]').waitFor({ timeout: 30000 });
      const aiMoved = await page.evaluate(() => (window.__gwMotion ?? []).some((r) => r.other && r.settled));
      if (aiMoved && i > 2) break;
      const v = Number(await page.locator('.match').getAttribute('data-version'));
      const ph = await page.locator('.board-wrap').getAttribute('data-phase');
      if (ph === 'activation') {
        await page.locator('svg.board .unit.can-act.side-0').first().click();
        await page.locator('.selection button', { hasText: /^Activate / }).click();
      } else await page.locator('.controls button.done').click();
      await page.waitForFunction((old) => Number(document.querySelector('.match')?.dataset.version) > old, v);
    }
    await page.waitForFunction(() => (window.__gwMotion ?? []).some((r) => r.other && r.settled), null, { timeout: 30000 });
    const recs = await page.evaluate(() => (window.__gwMotion ?? []).filter((r) => r.other && r.settled));
    const anims = await page.evaluate(() => window.__gwAnimations);
    const ms = recs.map((r) => Math.round(r.settled - r.received)).sort((a, b) => a - b);
    const shown = recs.map((r) => Math.round(r.settled - r.shown)).sort((a, b) => a - b);
    if (reduced) {
      assert.equal(anims, 0, 'reduced motion: nothing animates');
      figures.reduced = `${recs.length} AI states, ${anims} animations, shown for ${shown[0]}–${shown.at(-1)} ms each`;
    } else {
      assert.ok(anims > 0, 'motion: the AI turn animates');
      figures.aiMotion = `${recs.length} AI states: from arrival to the end of its animation median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms.at(-1)} ms; on screen ${shown[0]}–${shown.at(-1)} ms each (pace normal = 750 ms); ${anims} animations`;
    }
    await shot(page, `kit-motion${reduced ? '-reduced' : ''}-1280x800`);
    await ctx.close();
  }
  return figures;
}
