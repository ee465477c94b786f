// The view kit's pure logic (web/ui/model.js) under Node's test runner: node --test web/e2e/unit/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  PAGE, collapse, droppedCell, finishedText, fourInARow, hexLine, humanize, leaves, paceOf, parseHowTo, percent,
  pickTree, rematchRequest, resultSummary, screen, tabTitle, walk, glossaryIndex, lookupTerm,
} from '../../ui/model.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/** Every screen the picker can reach from `node`, depth first, with its button count. */
function everyScreen(root) {
  const out = [];
  const visit = (node, depth) => {
    const n = collapse(node);
    const first = screen(n, 0);
    for (let p = 0; p < first.pages; p++) {
      const sc = screen(n, p);
      // choices + Back (below the top) + Previous/More (when paged)
      out.push(sc.choices.length + (depth > 0 ? 1 : 0) + (sc.pages > 1 ? 2 : 0));
      for (const c of sc.choices) if (!c.legal) visit(c, depth + 1);
    }
  };
  visit(root, 0);
  return out;
}

test('picker: 613 legal actions (a Milkomeda bribe window) never show more than 30 buttons on a screen', () => {
  const legal = [];
  for (let target = 0; target < 3; target++) for (let amount = 0; amount <= 202; amount++) legal.push({ seat: 0, action: { bribe: { target, amount } }, text: `bribe player ${target + 2} with ${amount} credits` });
  legal.push({ seat: 0, action: 'pass', text: 'pass' }, { seat: 0, action: { reject: { offer: 1 } }, text: 'reject the offer' }, { seat: 0, action: 'done', text: 'done' }, { seat: 0, action: { accept: { offer: 1, x: 2 } }, text: 'accept the offer' });
  assert.equal(legal.length, 613);
  const tree = pickTree(legal);
  assert.equal(tree.count, legal.length);
  assert.equal(leaves(tree).length, legal.length, 'every action is reachable');
  const screens = everyScreen(tree);
  assert.ok(Math.max(...screens) <= 30, `largest screen: ${Math.max(...screens)} buttons`);
  assert.ok(PAGE + 3 <= 30);
  // The top offers the kinds, named in words; a kind of one action is that action.
  assert.deepEqual(tree.children.map((c) => c.label), ['Bribe', 'pass', 'reject the offer', 'done', 'accept the offer']);
  // Bribe → a subject per target, labelled by the words its texts share.
  const bribe = walk(tree, ['k:bribe']).node;
  assert.deepEqual(bribe.children.map((c) => c.label), ['bribe player 2 with', 'bribe player 3 with', 'bribe player 4 with']);
  assert.equal(bribe.children[0].children[5].label, '5 credits');
});

test('picker: a view names kinds, subjects and options; one-child groups are skipped', () => {
  const legal = [
    { action: { move: { unit: 0, to: { q: 1, r: 2 } } }, text: 'move 1 0102' },
    { action: { move: { unit: 0, to: { q: 1, r: 3 } } }, text: 'move 1 0103' },
  ];
  const tree = pickTree(legal, (l) => ({ kindLabel: 'Move', subject: String(l.action.move.unit), subjectLabel: 'Knight A', label: `to ${l.text.slice(-4)}` }));
  const { node, trail } = walk(tree, []);
  assert.equal(trail.length, 1);
  assert.equal(node.children.length, 2, 'kind and subject with one child each are collapsed to the options');
  assert.deepEqual(node.children.map((c) => c.label), ['to 0102', 'to 0103']);
});

test('picker: the generic description groups by kind then by the first field', () => {
  const legal = [
    { action: { fire: { mech: 0, weapon: 1 } }, text: 'fire 1 hammer' },
    { action: { fire: { mech: 0, weapon: 2 } }, text: 'fire 1 laser' },
    { action: { fire: { mech: 1, weapon: 0 } }, text: 'fire 2 claw' },
    { action: 'hold_fire', text: 'hold fire' },
  ];
  const tree = pickTree(legal);
  assert.deepEqual(tree.children.map((c) => `${c.label} ${c.count}`), ['Fire 3', 'hold fire 1']);
  const fire = walk(tree, ['k:fire']).node;
  assert.deepEqual(fire.children.map((c) => c.label), ['fire 1', 'fire 2 claw']);
  assert.deepEqual(fire.children[0].children.map((c) => c.label), ['hammer', 'laser']);
});

test('pace: my own actions and a first load show at once; another seat waits the speed', () => {
  assert.equal(paceOf({ log: [{ actor: { seat: 0 } }], mine: [0], speed: 'normal', first: false }), 0);
  assert.equal(paceOf({ log: [{ actor: { seat: 1 } }], mine: [0], speed: 'normal', first: false }), 750);
  assert.equal(paceOf({ log: [{ actor: { seat: 1 } }], mine: [0], speed: 'slow', first: false }), 1400);
  assert.equal(paceOf({ log: [{ actor: { seat: 1 } }], mine: [0], speed: 'instant', first: false }), 0);
  assert.equal(paceOf({ log: [{ actor: { seat: 1 } }], mine: [0], speed: 'normal', first: true }), 0);
  assert.equal(paceOf({ log: [{ actor: 'chance' }], mine: [0], speed: 'normal', first: false }), 0, 'my roll resolves at once');
});

test('result: who won and why, scores and key moments from the log', () => {
  const msg = { status: 'finished', result: { returns: [1, -1], scores: [2, 1], winners: [0] }, you: { seats: [0], viewer: 0 }, seats: [{}, {}] };
  const log = [
    { events: [{ event: 'destroyed' }], event_texts: ['P2 Knight 5 is destroyed; P1 scores 1 VP'] },
    { events: [{ event: 'moved' }, { event: 'game_over' }], event_texts: ['P1 moves', 'game over (victory condition met): P1 wins, 2–1 VP'] },
  ];
  const r = resultSummary(msg, log, { sides: ['Red', 'Blue'], scoreName: 'Victory points' });
  assert.equal(r.headline, 'P1 Red wins — you won!');
  assert.equal(r.why, 'Game over (victory condition met): P1 wins, 2–1 VP');
  assert.deepEqual(r.scores.map((s) => [s.label, s.value, s.winner]), [['P1 Red', 2, true], ['P2 Blue', 1, false]]);
  assert.deepEqual(r.moments, ['P2 Knight 5 is destroyed; P1 scores 1 VP']);
  assert.equal(resultSummary({ ...msg, you: null }, log).headline, 'P1 wins.');
  assert.equal(resultSummary({ ...msg, you: { seats: [1] } }, log).headline, 'P1 wins — you lost.');
  assert.equal(resultSummary({ ...msg, result: { returns: [0, 0], scores: null, winners: [] } }, []).headline, 'A draw.');
  assert.equal(resultSummary({ status: 'aborted', ended: 'The creator aborted the match.', result: null }, []).headline, 'The creator aborted the match.');
  assert.equal(resultSummary({ ...msg, result: { ...msg.result, reason: 'P2 resigned' } }, []).why, 'P2 resigned');
  // A view's eventText words the key moments (Starcore's tiles: `P2:A4` → `P2 A4`).
  assert.deepEqual(resultSummary(msg, log, { eventText: (t) => t.toUpperCase() }).moments, ['P2 KNIGHT 5 IS DESTROYED; P1 SCORES 1 VP']);
});

test('rematch: same game, scenario and seat kinds; my seat stays mine, other people get an open seat', () => {
  const summary = { game: 'grid-battles', scenario: 'skirmish', hotseat: false, ai_delay_ms: 40, seats: [{ seat: 0, kind: 'human' }, { seat: 1, kind: 'ai', agent: 'greedy' }] };
  assert.deepEqual(rematchRequest(summary, [0]), { game: 'grid-battles', scenario: 'skirmish', hotseat: false, ai_delay_ms: 40, seats: [{ kind: 'human' }, { kind: 'ai', agent: 'greedy' }] });
  const pvp = { game: 'connect-four', scenario: null, hotseat: false, ai_delay_ms: null, seats: [{ seat: 0, kind: 'human' }, { seat: 1, kind: 'human' }] };
  assert.deepEqual(rematchRequest(pvp, [1]), { game: 'connect-four', hotseat: false, seats: [{ kind: 'open' }, { kind: 'human' }] });
  assert.equal(rematchRequest({ ...pvp, hotseat: true }, [0, 1]).hotseat, true);
});

test('lobby: a finished match names its winner', () => {
  assert.equal(finishedText({ status: 'finished', result: { winners: [1] } }), 'P2 won');
  assert.equal(finishedText({ status: 'finished', result: { winners: [] } }), 'Draw');
  assert.equal(finishedText({ status: 'finished', result: { winners: [0], reason: 'P2 resigned' } }), 'P1 won (P2 resigned)');
  assert.equal(finishedText({ status: 'aborted', result: null }), 'Aborted');
});

test('tab title marks my turn', () => {
  assert.equal(tabTitle('Gridwright — Grid Battles', { myTurn: true, finished: false }), '● Your turn · Gridwright — Grid Battles');
  assert.equal(tabTitle('G', { myTurn: false, finished: false }), 'G');
  assert.equal(tabTitle('G', { myTurn: false, finished: true }), 'Game over · G');
});

test('how to play: the fixture of the wire contract parses; malformed documents are refused in words', () => {
  const doc = parseHowTo(fixture('how-to-play.json'));
  assert.equal(doc.title, 'How to play Grid Battles');
  assert.ok(doc.sections.length >= 2);
  const ix = glossaryIndex(doc.glossary);
  assert.match(lookupTerm(ix, 'MP').text, /movement/i);
  assert.match(lookupTerm(ix, 'woods').text, /sight/i, 'a plural or lower-case word finds its term');
  assert.throws(() => parseHowTo({ title: 'x', sections: [{ heading: 'a', paragraphs: [3] }] }), /section 1 \(a\) has paragraphs that are not texts/);
  assert.throws(() => parseHowTo({ sections: [] }), /title is not a text/);
  assert.throws(() => parseHowTo({ title: 't', sections: [], glossary: [{ term: 'x' }] }), /glossary entry 1 needs a term and a text/);
});

test('odds read as percentages', () => {
  assert.equal(percent('5/36'), '13.9%');
  assert.equal(percent('1'), '100.0%');
  assert.equal(percent('1/10000'), '0.010%');
});

test('geometry: a hex line from end to end, and the Connect Four line of four', () => {
  assert.deepEqual(hexLine({ q: 0, r: 0 }, { q: 2, r: 0 }), [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 2, r: 0 }]);
  assert.equal(hexLine({ q: 1, r: 3 }, { q: 3, r: 1 }).length, 3);
  const b = Array.from({ length: 6 }, () => Array(7).fill(null));
  for (let c = 1; c <= 4; c++) b[5][c] = 0;
  b[4][1] = 1;
  assert.deepEqual(fourInARow(b).map(([r, c]) => `${r},${c}`).sort(), ['5,1', '5,2', '5,3', '5,4']);
  const before = b.map((r) => r.slice());
  b[3][1] = 1;
  assert.deepEqual(droppedCell(before, b), [3, 1]);
  assert.equal(humanize('hold_fire'), 'Hold fire');
});

test('odds from a preview text: Command Core names its chances', async () => {
  const { oddsFromText } = await import('../../ui/model.js');
  const text = 'hammer at #2: 4 attack dice vs 1 armour (front arc) + 2 evade; expected damage 1.23, crits 0.45; P(≥1) 35/36; P(destroyed) 1/6';
  assert.deepEqual(oddsFromText(text), [{ label: 'At least 1 damage', exact: '35/36' }, { label: 'Target destroyed', exact: '1/6' }]);
  assert.deepEqual(oddsFromText('hammer: delta 2, pays 1 Flux and 1 Surge; then the target is chosen'), []);
});
