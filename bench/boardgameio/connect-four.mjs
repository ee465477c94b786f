// Connect Four for boardgame.io 0.50: the same rules as crates/games/connect-four (7 columns,
// 6 rows, four in a row wins, a full board is a draw). Cells are row-major, row 0 at the bottom.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { INVALID_MOVE } = require('boardgame.io/core');

export const COLS = 7;
export const ROWS = 6;

/** The lowest empty row of `col`, or -1 if the column is full. */
export function landingRow(cells, col) {
  for (let row = 0; row < ROWS; row++) {
    if (cells[row * COLS + col] === null) return row;
  }
  return -1;
}

/** Columns that still take a disc. */
export function openColumns(cells) {
  const open = [];
  for (let c = 0; c < COLS; c++) if (cells[(ROWS - 1) * COLS + c] === null) open.push(c);
  return open;
}

function fourFrom(cells, col, row) {
  const who = cells[row * COLS + col];
  for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    let n = 1;
    for (const sign of [1, -1]) {
      let c = col + sign * dc;
      let r = row + sign * dr;
      while (c >= 0 && c < COLS && r >= 0 && r < ROWS && cells[r * COLS + c] === who) {
        n++;
        c += sign * dc;
        r += sign * dr;
      }
    }
    if (n >= 4) return true;
  }
  return false;
}

export const ConnectFour = {
  name: 'connect-four',
  setup: () => ({ cells: Array(COLS * ROWS).fill(null), last: null }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    drop: ({ G, playerID }, col) => {
      if (!Number.isInteger(col) || col < 0 || col >= COLS) return INVALID_MOVE;
      const row = landingRow(G.cells, col);
      if (row < 0) return INVALID_MOVE;
      G.cells[row * COLS + col] = playerID;
      G.last = [col, row];
    },
  },
  endIf: ({ G, ctx }) => {
    if (G.last && fourFrom(G.cells, G.last[0], G.last[1])) return { winner: ctx.currentPlayer };
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
};
