// Grid Battles' view model (web/views/grid-battles/model.js) under Node's test runner.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hexTip, terrainName } from '../../views/grid-battles/model.js';

const TERRAIN = [
  { id: 'plain', cost: 1, blocks_los: false },
  { id: 'woods', cost: 2, blocks_los: true },
];

test('a hex tooltip gives the map label and the terrain in words', () => {
  assert.equal(hexTip({ code: '0000', terrain: 'plain' }, TERRAIN), 'Hex 0000 · Plain: 1 movement point to enter, open to sight');
  assert.equal(hexTip({ code: '0301', terrain: 'woods' }, TERRAIN), 'Hex 0301 · Woods: 2 movement points to enter, blocks line of sight');
  // A terrain the board does not describe still reads as words.
  assert.equal(hexTip({ code: '0102', terrain: 'deep-marsh' }, TERRAIN), 'Hex 0102 · Deep marsh');
  assert.equal(terrainName(''), 'Unknown terrain');
});
