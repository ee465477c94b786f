// Milkomeda's view logic (web/views/milkomeda/model.js) under Node's test runner. The corner
// colours copy the engine's `Rotation::colour_at` (rules/map.rs): the expected values are its
// own (an unturned card shows blue top left, orange top right, green bottom right, red bottom
// left; a quarter turn clockwise moves each colour one corner on).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { pickTree, screen, walk } from '../../ui/model.js';
import {
  actionWords, amountsText, boardTargets, cardBook, combatStory, conditionText, cornerColours, describe, matArrows,
  negotiation, origins, parseAmounts, phaseText, placeable, reachableTypes, directiveMatches, runningScore, sealedTrack,
} from '../../views/milkomeda/model.js';

const reference = {
  game: 'milkomeda',
  groups: [
    { kind: 'sectors', title: 'Sector cards', entries: [
      { id: 's01', index: 0, name: 'Sector 1', kind: 'Sector card', keywords: ['Observatory', 'Transit'], stats: [{ label: 'Income', value: '1 blue, 2 green' }, { label: 'Exploration cost', value: '3 green' }], text: [] },
      { id: 's12', index: 11, name: 'Sector 12', kind: 'Sector card', keywords: [], stats: [{ label: 'Income', value: 'nothing' }, { label: 'Exploration cost', value: '1 green' }], text: [] },
    ] },
    { kind: 'civilizations', title: 'Civilizations', entries: [
      { id: 'helix-cultivators', index: 0, name: 'Helix Cultivators', kind: 'Civilization of P1', keywords: [], stats: [], text: ['Gains 1 green on claiming an objective slot.'] },
      { id: 'void-navigators', index: 1, name: 'Void Navigators', kind: 'Civilization of P2', keywords: [], stats: [], text: ['Moves fleets up to 2 sectors before boosts (others 1).'] },
    ] },
    { kind: 'directives', title: 'Directives', entries: [{ id: 'd01', index: 0, name: 'Directive 1', kind: 'Directive, tier D1', keywords: [], stats: [{ label: 'Pattern', value: 'blue top left' }], text: ['Matches where four cards meet.'] }] },
    { kind: 'modules', title: 'Action modules', entries: [{ id: 'm24', index: 23, name: 'Module 24', kind: 'Action module, tier M2', keywords: [], stats: [{ label: 'Cost', value: '2 red' }], text: ['Grants an extra Move action.'] }] },
    { kind: 'objectives', title: 'Objectives', entries: [{ id: 'o05', index: 4, name: 'Objective 5', kind: 'Objective', keywords: [], stats: [{ label: 'Measures', value: 'sectors controlled' }], text: [] }] },
    // The server's ships group (crates/catalog/src/reference.rs, from the engine's ShipType::counters).
    { kind: 'ships', title: 'Ship types', entries: [
      ['beam', 'Beam frigate', 'Shield cruiser, Drone carrier', 'Artillery platform, Fighter squadron'],
      ['shield', 'Shield cruiser', 'Fighter squadron, Artillery platform', 'Beam frigate, Drone carrier'],
      ['artillery', 'Artillery platform', 'Drone carrier, Beam frigate', 'Shield cruiser, Fighter squadron'],
      ['drone', 'Drone carrier', 'Fighter squadron, Shield cruiser', 'Beam frigate, Artillery platform'],
      ['fighter', 'Fighter squadron', 'Beam frigate, Artillery platform', 'Shield cruiser, Drone carrier'],
    ].map(([id, name, counters, by], index) => ({ id, index, name, kind: 'Ship type', keywords: [], stats: [{ label: 'Counters', value: counters }, { label: 'Countered by', value: by }], text: [] })) },
  ],
};
const book = cardBook(reference);
const L = (action, text = JSON.stringify(action)) => ({ seat: 0, action, text });

test('corner colours follow the rotation clockwise (the engine\'s Rotation::colour_at)', () => {
  assert.deepEqual(cornerColours('r0'), ['blue', 'orange', 'green', 'red']);
  assert.deepEqual(cornerColours('r90'), ['red', 'blue', 'orange', 'green']);
  assert.deepEqual(cornerColours('r180'), ['green', 'red', 'blue', 'orange']);
  assert.deepEqual(cornerColours('r270'), ['orange', 'green', 'red', 'blue']);
});

test('the reference data reads as names, values, costs and keywords', () => {
  const s = book.sectors.get(0);
  assert.equal(s.name, 'Sector 1');
  assert.deepEqual(s.values, [1, 0, 0, 2]);
  assert.equal(s.cost, 3);
  assert.deepEqual(s.keywords, ['Observatory', 'Transit']);
  assert.deepEqual(book.sectors.get(11).values, [0, 0, 0, 0]);
  assert.equal(book.modules.get(23).name, 'Module 24');
  assert.equal(book.directives.get(0).text, 'Matches where four cards meet.');
  assert.equal(book.objectives.get(4).name, 'Objective 5');
  assert.deepEqual(book.civilizations.get(1), { name: 'Void Navigators', text: 'Moves fleets up to 2 sectors before boosts (others 1).' }, 'civilizations by seat');
  assert.equal(book.sectors.size, 2, 'the civilizations are not read as sector cards');
  assert.deepEqual(parseAmounts('2 red, 5 green'), [0, 0, 2, 5]);
  assert.equal(amountsText([0, 1, 0, 3]), '1 orange, 3 green');
  assert.equal(amountsText([0, 0, 0, 0]), 'nothing');
});

test('actions read as sentences without ids or space codes', () => {
  const words = [
    actionWords({ place: { card: 0, space: [1, 0], rotation: 'r90' } }, book),
    actionWords({ move_fleets: { from: [0, 0], to: [1, 0], count: 2 } }, book),
    actionWords({ attack_structure: { target: [2, 3], owner: 1, structure: 'm_brain' } }, book),
    actionWords({ offer: { both: [{ number: 2 }, { kind: 'pair', position: 3 }] } }, book),
    actionWords({ build_fleets: { home: 2, outposts: 3 } }, book),
    actionWords({ claim: { card: 0, slot: 1 } }, book),
  ];
  assert.deepEqual(words, [
    'Place Sector 1 at column 2, row 1, turned 90°',
    'Move 2 fleets from column 1, row 1 to column 2, row 1',
    'Strike P2\'s M-Brain at column 3, row 4',
    'Offer the bribe if I get order card 2 and the Master refreshes the pair at position 3',
    'Build 2 fleets at the homeworld and 2 fleets at Outposts',
    'Claim objective 1, slot 2',
  ]);
  assert.equal(conditionText({ card: 'master' }), 'if I get the Master card');
});

test('the points where a public directive matches are listed once each, naming every directive', () => {
  const obs = /** @type {any} */ ({
    turn: { seat: 1 },
    positions: [
      { position: 1, directive: { card: 0, name: 'Directive 1' }, module: null, matches: [[2, 3], [4, 1]] },
      { position: 2, directive: { card: 5, name: 'Directive 6' }, module: null, matches: [[2, 3]] },
      { position: 3, directive: null, module: null, matches: [] },
    ],
  });
  const m = directiveMatches(obs, book);
  assert.deepEqual(m.map((x) => x.key), ['2,3', '4,1']);
  assert.deepEqual(m[0].point, [2, 3]);
  assert.equal(m[0].label, 'Directive 1 (position 1) and Directive 6 (position 2) match for P2 where columns 2 and 3 meet rows 3 and 4');
  assert.equal(m[1].label, 'Directive 1 (position 1) matches for P2 where columns 4 and 5 meet rows 1 and 2');
  assert.deepEqual(directiveMatches(/** @type {any} */ ({ positions: [] }), book), []);
});

test('a drawn card then a space; a fleet origin then its destinations', () => {
  const legal = [
    L({ place: { card: 0, space: [1, 0], rotation: 'r0' } }), L({ place: { card: 0, space: [1, 0], rotation: 'r90' } }),
    L({ place: { card: 11, space: [0, 1], rotation: 'r0' } }),
    L({ move_fleets: { from: [0, 0], to: [1, 0], count: 1 } }), L({ move_fleets: { from: [0, 0], to: [1, 0], count: 2 } }),
    L({ attack_fleets: { from: [0, 0], to: [2, 0], count: 1 } }), L({ move_fleets: { from: [3, 3], to: [3, 4], count: 1 } }),
  ];
  assert.deepEqual([...placeable(legal).keys()], [0, 11]);
  assert.equal(boardTargets(legal, null).size, 0, 'nothing selected: nothing to click but origins');
  const card = boardTargets(legal, { card: 0 });
  assert.deepEqual([...card.keys()], ['1,0']);
  assert.equal(card.get('1,0').length, 2, 'both rotations wait at the space for the preview');
  assert.deepEqual([...origins(legal).keys()], ['0,0', '3,3']);
  const from = boardTargets(legal, { from: [0, 0] });
  assert.deepEqual([...from.keys()], ['1,0', '2,0']);
});

test('the negotiation panel: resources to add, conditions, the ends', () => {
  const legal = [L({ add_bribe: 'blue' }), L({ add_bribe: 'red' }), L({ offer: { card: { number: 1 } } }), L({ offer: { refresh: { kind: 'pair', position: 2 } } }), L('transfer'), L('keep')];
  const ng = negotiation(legal);
  assert.ok(ng.open);
  assert.deepEqual([...ng.add.keys()], ['blue', 'red']);
  assert.equal(ng.conditions.length, 2);
  assert.ok(ng.transfer && ng.keep && !ng.withdraw);
  assert.equal(negotiation([L({ main: 'explore' })]).open, false);
});

test('the picker groups hundreds of placements so no screen has more than 30 buttons', () => {
  const legal = [];
  for (const card of [0, 11]) for (let c = 0; c < 9; c++) for (let r = 0; r < 9; r++) for (const rot of ['r0', 'r90', 'r180', 'r270']) legal.push(L({ place: { card, space: [c, r], rotation: rot } }, `place ${card} ${c} ${r} ${rot}`));
  const tree = pickTree(legal, describe(book));
  const { node } = walk(tree, []);
  assert.ok(screen(node, 0).choices.length <= 30);
  const labels = node.children.map((c) => c.label);
  assert.deepEqual(labels, ['Sector 1', 'Sector 12']);
  const sub = walk(tree, [node.children[0].key]).node;
  assert.ok(screen(sub, 0).choices.length <= 30);
  assert.match(screen(sub, 0).choices[0].label, /^column 1, row 1, 0°$/);
});

test('the running score counts what everyone sees; the phase reads in words', () => {
  const obs = /** @type {any} */ ({
    viewer: { seat: 0 }, round: 2, grid: { columns: 9, rows: 9 }, storage: [[1, 4, 0, 0], [0, 0, 0, 0]], markers: [null, null],
    tiles: [{ space: [0, 0], control: 0, fleets: [7, 0] }, { space: [1, 0], control: 0, fleets: [0, 0] }, { space: [8, 8], control: 1, fleets: [0, 2] }],
    structures: [{ owner: 0, structure: 'm_brain', space: [0, 0], active: true }, { owner: 1, structure: 'outpost', space: [8, 8], active: false }],
    objectives: [{ card: 4, name: 'o05', slots: [{ threshold: 3, points: 2, holder: 1 }, { threshold: 5, points: 4, holder: null }] }],
    order: [1, 0], cards: null, setup: null, orders: { master: 1, stage: { kind: 'offers', pass: 1, seat: 0 } }, turn: null, combat: null, ended: null, scores: null,
  });
  const [p1, p2] = runningScore(obs);
  assert.deepEqual([p1.sectors, p1.structures, p1.fleets, p1.orange, p1.objectives, p1.total], [2, 3, 2, 4, 0, 11]);
  assert.deepEqual([p2.sectors, p2.structures, p2.fleets, p2.orange, p2.objectives, p2.total], [1, 2, 0, 0, 2, 5]);
  assert.equal(phaseText(obs), 'Round 2, the Master\'s round: P1 may bribe P2, the Master (pass 1)');
  assert.equal(phaseText({ ...obs, orders: null, turn: { seat: 0, stage: { kind: 'move' } } }), 'Round 2, P1\'s turn: P1 moves fleets');
  assert.equal(phaseText({ ...obs, ended: { grid_completed: { by: 1 } } }), 'Game over: P2 completed the grid');
});

// The rulebook's ship table (seed 003, §10), typed from its words (shared with milkomeda.e2e.mjs).
const SEED_COUNTERS = JSON.parse(readFileSync(new URL('./fixtures/milkomeda-seed-ships.json', import.meta.url), 'utf8')).counters;

test('the battle mat\'s arrows are the rulebook\'s counters, not "the next two types"', () => {
  const names = [...book.ships.values()].map((t) => t.name.toLowerCase());
  const drawn = matArrows(book).map(({ from, to }) => `${names[from]} -> ${names[to]}`).sort();
  const seed = Object.entries(SEED_COUNTERS).flatMap(([a, ts]) => ts.map((t) => `${a.toLowerCase()} -> ${t.toLowerCase()}`)).sort();
  assert.equal(drawn.length, 10);
  assert.deepEqual(drawn, seed);
  // The old drawing (each type at the next two round the pentagon) differs from the rule.
  const nextTwo = names.flatMap((a, i) => [1, 2].map((d) => `${a} -> ${names[(i + d) % 5]}`)).sort();
  assert.notDeepEqual(nextTwo, seed);
  // Each type is countered by exactly the two the rulebook names.
  for (const [i, t] of book.ships) assert.equal(t.by.length, 2, t.name);
  assert.deepEqual(matArrows(cardBook(null)), [], 'no reference yet: no arrow is guessed');
});

test('hits reach the enemy types my arrows point at', () => {
  // P1: 2 Beam frigates; P2: 1 Shield cruiser, 1 Fighter squadron, 1 Artillery platform.
  const rosters = [[2, 0, 0, 0, 0], [0, 1, 1, 0, 1]];
  assert.deepEqual(reachableTypes(book, rosters, 0), [1], 'beam reaches shield (and drone, absent), not fighter or artillery');
  assert.deepEqual(reachableTypes(book, rosters, 1), [0], 'shield, artillery and fighter: only artillery and fighter reach beam');
});

test('a sealed step names its track: the roster in order, the hits over the reachable types', () => {
  const log = [
    { index: 9, actor: { seat: 0 }, action: { main: 'attack' }, events: [{ combat_started: { sector: [1, 0], attacker: 0, fleets: [[0, 3], [1, 2]] } }] },
    { index: 10, actor: { seat: 0 }, action: { ships: 2 }, events: [] },
    { index: 11, actor: { seat: 1 }, action: null, events: [] },
  ];
  const obs = { viewer: { seat: 0 }, combat: { stage: { kind: 'configure' }, rosters: [] } };
  assert.equal(sealedTrack(obs, log, 0, book), 1, 'one step taken: the Shield cruiser track is next');
  assert.equal(sealedTrack(obs, log, 1, book), 0, 'P2\'s own steps are not in P1\'s log');
  assert.equal(actionWords({ ships: 3 }, book, 1), '3 Shield cruisers');
  assert.equal(actionWords({ hits: 1 }, book, 4), '1 hit on enemy Fighter squadrons');
  const alloc = { viewer: { seat: 0 }, combat: { stage: { kind: 'allocate' }, rosters: [[1, 0, 1, 0, 0], [1, 1, 0, 1, 0]] } };
  const rolled = [...log, { index: 12, actor: 'chance', action: null, events: [{ rolled: { seat: 1, faces: [5], hits: 1 } }] }];
  // Beam reaches shield and drone; artillery reaches drone and beam: beam, shield, drone.
  assert.equal(sealedTrack(alloc, rolled, 0, book), 0);
  assert.equal(sealedTrack(alloc, [...rolled, { index: 13, actor: { seat: 0 }, action: { hits: 0 }, events: [] }], 0, book), 1);
});

test('the combat story tells the steps in order, from the log\'s events', () => {
  const log = [
    { index: 1, actor: { seat: 2 }, action: { main: 'move' }, events: [] },
    { index: 2, actor: { seat: 0 }, action: null, events: [{ combat_started: { sector: [2, 1], attacker: 0, fleets: [[0, 2], [1, 1]] } }] },
    { index: 3, actor: { seat: 1 }, action: null, events: [{ rosters_revealed: { rosters: [[0, [2, 0, 0, 0, 0]], [1, [0, 1, 0, 0, 0]]] } }] },
    { index: 4, actor: 'chance', action: null, events: [{ rolled: { seat: 0, faces: [6, 2], hits: 1 } }] },
    { index: 5, actor: 'chance', action: null, events: [{ rolled: { seat: 1, faces: [], hits: 0 } }, { hits_revealed: { allocations: [[0, [0, 1, 0, 0, 0]]] } }, { marked: { marker: 0, target: 1, ship: 'shield_cruiser' } }, { casualties: { losses: [[1, [0, 1, 0, 0, 0]]] } }, { combat_ended: { sector: [2, 1], control: 0, left: [[0, 2]], capped: false } }] },
    { index: 6, actor: { seat: 1 }, action: { main: 'explore' }, events: [] },
  ];
  const story = combatStory(log, book);
  assert.ok(story.over);
  assert.equal(story.endAt, 4);
  assert.deepEqual(story.steps.map((x) => x.kind), ['combat_started', 'rosters_revealed', 'rolled', 'rolled', 'hits_revealed', 'marked', 'casualties', 'combat_ended']);
  assert.deepEqual(story.steps.map((x) => x.text), [
    'P1 attacks column 3, row 2: P1 2 fleets, P2 1 fleet.',
    'Fleet rosters revealed: P1 2 Beam frigates; P2 1 Shield cruiser.',
    'Round 1: P1 rolls 6, 2: 1 hit.',
    'P2 rolls no dice: 0 hits.',
    'Hit allocations revealed: P1 1 on Shield cruisers.',
    'P1 marks P2\'s Shield cruiser.',
    'Casualties: P2 loses 1 Shield cruiser.',
    'Combat over: P1 controls the sector (P1 2 ships left).',
  ]);
  assert.equal(combatStory(log.slice(0, 1), book), null);
  const none = combatStory([log[1], { index: 7, actor: 'chance', action: null, events: [{ rolled: { seat: 0, faces: [1], hits: 0 } }, { hits_revealed: { allocations: [] } }, { casualties: { losses: [] } }, { rolled: { seat: 0, faces: [2], hits: 0 } }] }], book);
  assert.deepEqual(none.steps.slice(1).map((x) => x.text), ['Round 1: P1 rolls 1: 0 hits.', 'No hits to allocate.', 'Casualties: none.', 'Round 2: P1 rolls 2: 0 hits.']);
});
