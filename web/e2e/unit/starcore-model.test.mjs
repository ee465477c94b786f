// Starcore's view logic (web/views/starcore/model.js) under Node's test runner. The attack box
// and the odds are copies of engine rules: the expected values below are the engine's own test
// cases (rules/targeting.rs, odds.rs, rules/combat.rs), worked from the seed's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collapse, pickTree, screen } from '../../ui/model.js';
import {
  abilitiesAt, abilityTargets, actionLabel, actionSentence, allDecks, attackOdds, costCurve, costTotal, leftStack, setupDecks, boxTiles, cardBook, damageFromPreview, describe, drawnSide, frameTitle, indexLegal,
  keywordIcon, keywordTitle, parseTile, passLabel, perspective, relabel, resourcesText, rowsDrawn, sectorOf, selectionTargets, tileName,
} from '../../views/starcore/model.js';

const reference = {
  game: 'starcore',
  groups: [{
    kind: 'cards', title: 'Cards', entries: [
      { index: 0, id: 'arcwright-solenne', name: 'Arcwright Solenne', kind: 'Commander (control)', stats: [{ label: 'Cost', value: 'nothing' }, { label: 'Range', value: 'A+C' }, { label: 'Width', value: 'lane±1' }], keywords: ['Pierce'], text: ['Pierce: attacks ignore Shield.'] },
      { index: 1, id: 'scrap-cell', name: 'Scrap Cell', kind: 'Resource (small core)', stats: [{ label: 'Cost', value: '1 Matter' }], keywords: [], text: [] },
      { index: 2, id: 'rivet-trooper', name: 'Rivet Trooper', kind: 'Unit (infantry)', stats: [{ label: 'Cost', value: '2 Matter' }], keywords: [], text: [] },
      { index: 3, id: 'null-writ', name: 'Null Writ', kind: 'Action', stats: [{ label: 'Cost', value: '1 Signal' }], keywords: [], text: ['Counter the Action below.'] },
      { index: 4, id: 'field-medic', name: 'Field Medic', kind: 'Unit (infantry)', stats: [{ label: 'Cost', value: '2 Life' }], keywords: [], text: ['At the end of your turn: each adjacent friendly card — heal 1.', 'Activated (pay 2 Life): a friendly card within lane±1 — heal 2.', 'Activated (pay 1 Life): this card — shield 1.'], abilities: ['At the end of your turn: each adjacent friendly card — heal 1.', 'Activated (pay 2 Life): a friendly card within lane±1 — heal 2.', 'Activated (pay 1 Life): this card — shield 1.'] },
    ],
  }],
};
const book = cardBook(reference);

const obs = {
  viewer: { seat: 0 }, phase: { phase: 'turn', step: 'build' }, active: 0, turn: 3,
  board: [
    { tile: 'P1:A4', owner: 0, card: 2, id: 'rivet-trooper', hp: [3, 4], shield: 0, dmg: 3, def: 1, movement: 1, moved: false, attacked: false, host: null, keywords: [] },
    { tile: 'P2:A4', owner: 1, card: 0, id: 'arcwright-solenne', hp: [20, 20], shield: 0, dmg: 2, def: 1, movement: 2, moved: false, attacked: false, host: null, keywords: ['pierce'] },
  ],
  links: [], players: [], stack: [], responder: null,
};

test('tiles read as players name them', () => {
  assert.deepEqual(parseTile('P2:B5'), { owner: 1, row: 'B', lane: 5 });
  assert.equal(parseTile('P3:A1'), null);
  assert.equal(parseTile('P1:D1'), null);
  assert.equal(tileName('P2:B5'), 'P2 B5');
  assert.equal(tileName('P2:B5', false), 'B5');
  assert.equal(relabel('P1 places its Commander on P1:A1'), 'P1 places its Commander on P1 A1');
  assert.equal(resourcesText([2, 1, 0, 0]), '2 Matter + 1 Energy');
  assert.equal(resourcesText([0, 0, 0, 0]), 'nothing');
});

test('each seat sees its own grid at the bottom, front rows meeting at the divider', () => {
  assert.deepEqual(perspective(0), { bottom: 0, top: 1, lanes: [1, 2, 3, 4, 5, 6, 7, 8] });
  assert.deepEqual(perspective(null), perspective(0));
  assert.deepEqual(perspective(1), { bottom: 1, top: 0, lanes: [8, 7, 6, 5, 4, 3, 2, 1] });
  assert.deepEqual(rowsDrawn('top'), ['C', 'B', 'A']);
  assert.deepEqual(rowsDrawn('bottom'), ['A', 'B', 'C']);
  const p1 = perspective(0);
  // P1:A5 and P2:A5 share a face across the divider.
  assert.equal(drawnSide('P1:A5', 'P2:A5', p1), 'up');
  assert.equal(drawnSide('P2:A5', 'P1:A5', p1), 'down');
  assert.equal(drawnSide('P1:B4', 'P1:B5', p1), 'right');
  assert.equal(drawnSide('P1:B4', 'P1:C4', p1), 'down');
  // P2 sits turned round: its lane 5 is on the left of its lane 4.
  assert.equal(drawnSide('P2:B4', 'P2:B5', perspective(1)), 'left');
  assert.equal(drawnSide('P1:B4', 'P1:C5', p1), null);
  assert.equal(sectorOf('C', 7), 'S4');
  assert.equal(sectorOf('A', 2), 'S1');
});

test('the attack box is Range × Width on both grids, each named from its owner', () => {
  // "Zone Bombardment": rows B and C of zone 2: 8 tiles on each grid.
  const zone = boxTiles('B+C', 'Z2', 1);
  assert.equal([...zone].filter((t) => t.startsWith('P2:')).length, 8);
  assert.ok(zone.has('P2:C7'));
  assert.ok(!zone.has('P2:A7'));
  // Range All × Sector 2: rows A and B only (the sector names its rows).
  const s2 = boxTiles('All', 'S2', 1);
  assert.ok(s2.has('P2:A5') && s2.has('P2:B8') && !s2.has('P2:C5'));
  // A lane spread stops at the edge: lane±1 from lane 1 is lanes 1 and 2.
  const edge = [...boxTiles('A', 'lane±1', 1)].filter((t) => t.startsWith('P2:'));
  assert.deepEqual(edge.sort(), ['P2:A1', 'P2:A2']);
  assert.deepEqual([...boxTiles('A+C', 'lane', 4)].filter((t) => t.startsWith('P2:')).sort(), ['P2:A4', 'P2:C4']);
});

test('attack odds count the 144 rolls of 2d12, doubles critical', () => {
  // DEF 0: 10+ is 108 of 144 rolls, plus the doubles 1-1 … 4-4: 112; criticals are the 12 doubles.
  const o = attackOdds(3, 0, 0, false);
  assert.equal(o.hit, '112/144');
  assert.equal(o.critical, '12/144');
  assert.deepEqual(o.distribution, [[0, '32/144'], [3, '100/144'], [6, '12/144']]);
  assert.ok(Math.abs(o.expected - (300 + 72) / 144) < 1e-12);
  assert.deepEqual(attackOdds(3, 0, 2, false).distribution, [[0, '32/144'], [1, '100/144'], [4, '12/144']]);
  assert.deepEqual(attackOdds(3, 0, 2, true).distribution, o.distribution);
  // DEF 1: 11+ is 99 rolls, plus the 5 doubles below 11.
  assert.equal(attackOdds(3, 1).hit, '104/144');
  // DEF 14 needs 24: only doubles hit.
  assert.equal(attackOdds(2, 14).hit, '12/144');
  assert.equal(damageFromPreview('P1:A4 → P2:A4: hit 72.2% (critical 8.3%), 3 damage (6 on a critical); expected HP damage 2.15'), 3);
  assert.equal(damageFromPreview('nothing'), null);
});

test('keywords read as titles with their numbers', () => {
  assert.deepEqual(keywordTitle('first_strike'), { title: 'First Strike', text: 'First Strike' });
  assert.deepEqual(keywordTitle({ execute: 2 }), { title: 'Execute', text: 'Execute 2' });
  assert.equal(keywordTitle({ zone_flank: 1 }).title, 'Zone Flank');
  assert.equal(keywordTitle({ sector_lock: { protect: 'S3', from: 'S1' } }).text, 'Sector Lock (S3 safe from S1)');
});

const legal = [
  { seat: 0, action: { deploy: { card: 1, tile: 'P1:C2', host: null } }, text: 'deploy scrap-cell P1:C2' },
  { seat: 0, action: { deploy: { card: 1, tile: 'P1:C3', host: null } }, text: 'deploy scrap-cell P1:C3' },
  { seat: 0, action: { play: { card: 3, aim: { frame: 0 } } }, text: 'play null-writ stack 0' },
  { seat: 0, action: { attack: { from: 'P1:A4', target: 'P2:A4' } }, text: 'attack P1:A4 P2:A4' },
  { seat: 0, action: { move: { from: 'P1:A4', to: 'P1:B4' } }, text: 'move P1:A4 P1:B4' },
  { seat: 0, action: 'pass', text: 'pass' },
];

test('legal actions are indexed by hand card and by the tile they act from', () => {
  const ix = indexLegal(/** @type {any} */ (legal));
  assert.equal(ix.hand.get(1).length, 2);
  assert.equal(ix.hand.get(3).length, 1);
  assert.equal(ix.from.get('P1:A4').length, 2);
  assert.equal(ix.pass?.text, 'pass');
  assert.ok(!ix.hand.has(2));
});

test('every action reads in player language: card names and tile labels, never ids', () => {
  const labels = legal.map((l) => actionLabel(l, /** @type {any} */ (obs), book));
  assert.deepEqual(labels, [
    'Deploy Scrap Cell on P1 C2',
    'Deploy Scrap Cell on P1 C3',
    'Play Null Writ at stack frame 1',
    'Attack Arcwright Solenne on P2 A4 with Rivet Trooper on P1 A4',
    'Move Rivet Trooper on P1 A4 to P1 B4',
    'End the Build step (deploy nothing more)',
  ]);
  for (const t of labels) assert.doesNotMatch(t, /scrap-cell|null-writ|P\d:[ABC]\d|#\d/);
  assert.equal(actionLabel({ action: { place_commander: 'P1:C4' } }, /** @type {any} */ (obs), book), 'Place your Commander on P1 C4');
  assert.equal(actionLabel({ action: { deploy: { card: 1, tile: 'P1:B3', host: 'right' } } }, /** @type {any} */ (obs), book), 'Deploy Scrap Cell on P1 B3, serving the card on its right face');
  assert.equal(passLabel({ ...obs, stack: [{ frame: 'deploy', seat: 1, card: 1, tile: 'P2:C1' }] }), 'Pass: let the top of the stack resolve');
  assert.equal(frameTitle({ frame: 'deploy', seat: 1, card: 1, tile: 'P2:C1' }, obs, book), 'P2 deploys Scrap Cell on P2 C1');
  assert.equal(frameTitle({ frame: 'attack', seat: 0, from: 'P1:A4', target: 'P2:A4', first_strike: false }, obs, book), 'Rivet Trooper on P1 A4 attacks Arcwright Solenne on P2 A4');
});

test('the picker groups Starcore actions so no screen has more than 30 buttons', () => {
  // The Commander's placement (24 tiles) and a Build step with many deployments.
  const many = [];
  for (const row of ['A', 'B', 'C']) for (let lane = 1; lane <= 8; lane++) {
    many.push({ seat: 0, action: { place_commander: `P1:${row}${lane}` }, text: `commander P1:${row}${lane}` });
    for (const card of [1, 2]) many.push({ seat: 0, action: { deploy: { card, tile: `P1:${row}${lane}`, host: null } }, text: `deploy ${card} P1:${row}${lane}` });
  }
  const tree = pickTree(many, (l) => describe(l, /** @type {any} */ (obs), book));
  let worst = 0;
  const visit = (node, depth) => {
    const n = collapse(node);
    for (let p = 0; p < screen(n, 0).pages; p++) {
      const sc = screen(n, p);
      worst = Math.max(worst, sc.choices.length + (depth ? 1 : 0) + (sc.pages > 1 ? 2 : 0));
      for (const c of sc.choices) if (!c.legal) visit(c, depth + 1);
    }
  };
  visit(tree, 0);
  assert.ok(worst <= 30, `${worst}`);
  // Leaves name tiles as players do.
  const deploy = tree.children.find((c) => c.key === 'k:deploy');
  assert.equal(deploy?.label, 'Deploy');
  assert.equal(deploy?.children[0].label, 'Scrap Cell');
  assert.match(deploy?.children[0].children[0].label ?? '', /^on P1 A1$/);
});

test('an ability is chosen from its card, then aimed at a highlighted tile', () => {
  // The card on P1 B4 has a chosen-target ability (1: two friendly targets) and a self ability (2).
  const acts = [
    { seat: 0, action: { move: { from: 'P1:B4', to: 'P1:A5' } }, text: 'move P1:B4 P1:A5' },
    { seat: 0, action: { attack: { from: 'P1:B4', target: 'P2:A4' } }, text: 'attack P1:B4 P2:A4' },
    { seat: 0, action: { activate: { tile: 'P1:B4', ability: 1, aim: { tile: 'P1:A4' } } }, text: 'activate P1:B4 1 P1:A4' },
    { seat: 0, action: { activate: { tile: 'P1:B4', ability: 1, aim: { tile: 'P1:B5' } } }, text: 'activate P1:B4 1 P1:B5' },
    { seat: 0, action: { activate: { tile: 'P1:B4', ability: 2, aim: 'none' } }, text: 'activate P1:B4 2' },
  ];
  const ix = indexLegal(/** @type {any} */ (acts));
  const abilities = abilitiesAt(ix, 'P1:B4', book, 4);
  assert.deepEqual(abilities.map((a) => [a.ability, a.how, a.actions.length]), [[1, 'point', 2], [2, 'now', 1]]);
  assert.equal(abilities[0].text, 'Activated (pay 2 Life): a friendly card within lane±1 — heal 2.');
  assert.deepEqual([...abilityTargets(ix, 'P1:B4', 1).keys()].sort(), ['P1:A4', 'P1:B5']);
  assert.equal(abilityTargets(ix, 'P1:B4', 2).size, 0);
  // Selecting the card points at its moves and attacks only, never at an ability's aims…
  assert.deepEqual([...selectionTargets(ix, { type: 'tile', tile: 'P1:B4' }).keys()].sort(), ['P1:A5', 'P2:A4']);
  // …and once ability 1 is chosen, at that ability's targets only.
  const aimed = selectionTargets(ix, { type: 'tile', tile: 'P1:B4', ability: 1 });
  assert.deepEqual([...aimed.keys()].sort(), ['P1:A4', 'P1:B5']);
  assert.equal(aimed.get('P1:A4')?.[0].text, 'activate P1:B4 1 P1:A4');
  // The words name the card and its ability, never its number or the engine's tile text.
  const o = { ...obs, board: [...obs.board, { tile: 'P1:B4', owner: 0, card: 4, id: 'field-medic', hp: [3, 3], shield: 0, dmg: 0, def: 0, movement: 1, moved: false, attacked: false, host: null, keywords: [] }] };
  const label = actionLabel(acts[2], /** @type {any} */ (o), book);
  assert.equal(label, 'Use “Activated (pay 2 Life): a friendly card within lane±1 — heal 2.” of Field Medic on P1 B4 at Rivet Trooper on P1 A4');
  // A card with no ability text in the book still reads in words.
  assert.equal(abilitiesAt(ix, 'P1:B4', new Map(), 4)[1].text, 'ability 3');
  // A hand card points at its deploy tiles; the Commander's tiles show while it is placed.
  assert.deepEqual([...selectionTargets(indexLegal(/** @type {any} */ (legal)), { type: 'hand', card: 1 }).keys()], ['P1:C2', 'P1:C3']);
});

test('a setup previews its two decks: names, faction, Commander and the cost curve', () => {
  const entry = (id, name, kind, cost, text = []) => ({ index: null, id, name, kind, stats: [{ label: 'Tier', value: '1' }, { label: 'Cost', value: cost }, { label: 'HP', value: '2' }], keywords: [], text });
  const deck = (name, title, faction, commander, cards) => ({ name, title, faction, commander, cards });
  const sc = (a, b) => ({ name: `${a.name}-vs-${b.name}`, title: `${a.title} against ${b.title}`, board: { decks: [a, b] } });
  const arc = deck('arc-foundry', 'Arc Foundry', 'energy', 'Arcwright Solenne', [
    { copies: 1, card: entry('arcwright-solenne', 'Arcwright Solenne', 'Commander (control)', 'nothing') },
    { copies: 14, card: entry('spark-cell', 'Spark Cell', 'Resource (small core)', '1 Energy', ['Produces 2 Energy a turn.']) },
    { copies: 5, card: entry('lance-frigate', 'Lance Frigate', 'Unit (vehicle)', '3 Energy + 2 Matter') },
    { copies: 1, card: entry('star-dynamo', 'Star Dynamo', 'Resource (large core)', '9 Energy') },
  ]);
  const iron = deck('iron-vanguard', 'Iron Vanguard', 'matter', 'Marshal Brakka', [{ copies: 1, card: entry('brakka', 'Marshal Brakka', 'Commander (assault)', 'nothing') }]);
  const mind = deck('mind-lattice', 'Mind Lattice', 'signal', 'Oracle Vey', []);
  assert.equal(costTotal('3 Energy + 2 Matter'), 5);
  assert.equal(costTotal('nothing'), 0);
  // The Commander is never paid for: it is left out of the curve; 7 and more share a bar.
  assert.deepEqual(costCurve(arc.cards).map((b) => b.count), [0, 14, 0, 0, 0, 5, 0, 1]);
  assert.equal(costCurve(arc.cards).at(-1)?.label, '7+');
  const [a, b] = setupDecks(sc(arc, iron));
  assert.equal(a.title, 'Arc Foundry');
  assert.equal(a.subtitle, 'Energy faction · Commander Arcwright Solenne · 20 cards and the Commander');
  assert.equal(b.subtitle, 'Matter faction · Commander Marshal Brakka · 0 cards and the Commander');
  // Every card as a face with its copies, its cost as a number and its text; no tier or rarity.
  assert.deepEqual(a.cards[1], { copies: 14, card: { title: 'Spark Cell', kind: 'Resource (small core)', cost: '1E', text: 'Produces 2 Energy a turn.', stats: [['HP', '2']], label: null } });
  // The deck browser: every deck of every setup once, in the order the setups name them.
  assert.deepEqual(allDecks([sc(arc, iron), sc(arc, mind), sc(iron, mind)]).map((d) => d.title), ['Arc Foundry', 'Iron Vanguard', 'Mind Lattice']);
  assert.deepEqual(setupDecks({ name: 'x', board: null }), []);
});

test('the frames that leave the stack, top first, resolved, fizzled or cancelled', () => {
  const deploy = { frame: 'deploy', seat: 1, card: 1, tile: 'P2:C1' };
  const writ = { frame: 'action', seat: 0, card: 3, aim: { frame: 0 }, countered: false };
  const attack = { frame: 'attack', seat: 0, from: 'P1:A4', target: 'P2:A4', first_strike: false };
  const at = (stack) => ({ ...obs, stack });
  // Both pass: the top (Null Writ) resolves and counters nothing here; the deploy below stays.
  assert.deepEqual(leftStack(at([deploy, writ]), at([deploy]), [{ event: 'passed', seat: 1 }]).map((l) => [l.frame.frame, l.index, l.outcome]), [['action', 1, 'resolved']]);
  // The deploy's tile was taken: it fizzles (its seat and card named by the event).
  assert.deepEqual(leftStack(at([deploy]), at([]), [{ event: 'fizzled', seat: 1, card: 1 }]).map((l) => l.outcome), ['fizzled']);
  // Null Writ counters the Action below it, then that one leaves without effect: top first.
  const target = { frame: 'action', seat: 1, card: 3, aim: 'none', countered: false };
  const both = leftStack(at([target, writ]), at([]), [{ event: 'countered', seat: 1, card: 3, frame: 0 }]);
  assert.deepEqual(both.map((l) => [l.index, l.outcome]), [[1, 'resolved'], [0, 'cancelled']]);
  // An attack frame's fizzle names the attacker's card (Rivet Trooper on P1 A4 is card 2).
  assert.deepEqual(leftStack(at([attack]), at([]), [{ event: 'fizzled', seat: 0, card: 2 }]).map((l) => l.outcome), ['fizzled']);
  // A frame only marked countered stays; a new frame on top is not a departure.
  assert.deepEqual(leftStack(at([target]), at([{ ...target, countered: true }, writ]), []), []);
  assert.deepEqual(leftStack(null, at([deploy]), []), []);
});

test('the server\'s action texts read as sentences in the log and the hint panel: tiles by name, abilities counted from 1, no command syntax', () => {
  const cases = [
    ['keep', 'Keep the opening hand'],
    ['commander P1:C4', 'Place the Commander on P1 C4'],
    ['move P1:B4 P1:A4', 'Move the card on P1 B4 to P1 A4'],
    ['attack P1:A4 P2:A5', 'Attack P2 A5 with the card on P1 A4'],
    ['deploy Ward Plate P1:B3 host right', 'Deploy Ward Plate on P1 B3, serving the card on its right face'],
    ['deploy Ward Plate P1:B3 host top', 'Deploy Ward Plate on P1 B3, serving the card on its front face'],
    ['deploy Scrap Cell P1:C2', 'Deploy Scrap Cell on P1 C2'],
    ['activate P1:C2 0', 'Use ability 1 of the card on P1 C2'],
    ['activate P1:C2 1 P2:A3', 'Use ability 2 of the card on P1 C2 at P2 A3'],
    ['play Arc Bolt', 'Play Arc Bolt'],
    ['play Arc Bolt P2:A4', 'Play Arc Bolt at P2 A4'],
    ['play Rail Volley lane 4', 'Play Rail Volley at lane 4'],
    ['play Null Writ stack 0', 'Play Null Writ at the stack\'s frame 1 (from the bottom)'],
    ['first P2', 'P2 plays first'],
    ['draw P1 Scrap Cell', 'P1 draws Scrap Cell'],
    ['roll 3+7', 'Roll 3 and 7'],
    ['pass', 'Pass'],
  ];
  for (const [text, want] of cases) assert.equal(actionSentence(text), want, text);
  // Anything unknown keeps its words, its tiles relabelled.
  assert.equal(actionSentence('something P1:A3'), 'something P1 A3');
});

test('every keyword has a glyph of its own; the glossary term stays the keyword\'s title', () => {
  const all = ['splash', 'pierce', { execute: 2 }, { flank: 1 }, { zone_flank: 1 }, { zone_dominance: { zone: 'Z1', tiles: 3, stat: 'dmg', amount: 1 } }, { sector_lock: { protect: 'S3', from: 'S1' } }, { aura: { side: 'friendly', stat: 'def', amount: 1 } }, 'taunt', 'first_strike', { heal: 1 }, { shield: 2 }, 'salvage'];
  const icons = all.map(keywordIcon);
  assert.equal(new Set(icons).size, all.length, `one glyph each: ${icons.join(' ')}`);
  assert.ok(!icons.includes('•'), 'no keyword falls back to the plain dot');
  assert.equal(keywordIcon({ shield: 5 }), keywordIcon({ shield: 1 }), 'the glyph does not depend on the number');
});
