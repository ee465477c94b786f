// Connect Four in the browser, on the view kit: seven column buttons and the kit's square board.
// P1's discs are solid with an X, P2's are rings with an O, so colour is never the only cue.
// A new disc drops into its column; the winning line is marked (ring and "4" badge).

import { h, pressable, replace, s, seatName } from '../../dom.js';
import { squareBoard } from '../../ui/squareboard.js';
import { drop } from '../../ui/motion.js';
import { droppedCell, fourInARow } from '../../ui/model.js';

/** @typedef {import('../../types/connect-four').State} State */
/** @typedef {import('../../types/connect-four').Observation} Observation */
/** @typedef {import('../../types/connect-four').Legal} Legal */
/** @typedef {import('../../types/connect-four').LogEntry} LogEntry */

export const title = 'Connect Four';
export const keyEvents = [];

const R = 20;
const GAP = 6;

function disc(seat, cx, cy, win) {
  const g = s('g', { class: ['disc', `side-${seat}`, win ? 'win' : ''], 'data-seat': seat });
  g.append(s('circle', { cx, cy, r: R, class: 'disc-body' }));
  g.append(s('text', { x: cx, y: cy + 7, 'text-anchor': 'middle', 'font-size': 20, class: 'disc-mark', text: seat === 0 ? 'X' : 'O' }));
  if (win) g.append(s('circle', { cx, cy, r: R - 4, class: 'win-ring' }));
  return g;
}

/**
 * @param {Observation['board']} board
 * @param {Map<number, Legal>} drops
 * @param {(l: Legal) => void} onDrop
 */
function boardSvg(board, drops, onDrop, win) {
  const cols = board[0]?.length ?? 7;
  const rows = board.length;
  const winning = new Set(win.map(([r, c]) => `${r},${c}`));
  const b = squareBoard({
    cols, rows, size: 2 * R, gap: GAP, frame: true, cls: 'c4-board',
    label: `Board, ${cols} columns by ${rows} rows${win.length ? `; four in a row at ${win.map(([r, c]) => `column ${c + 1} row ${rows - r}`).join(', ')}` : ''}`,
    cell: (c, r, box) => {
      const cell = board[r][c];
      const node = cell === null ? s('circle', { cx: box.cx, cy: box.cy, r: R, class: 'hole' }) : disc(cell, box.cx, box.cy, winning.has(`${r},${c}`));
      node.setAttribute('data-cell', `${r},${c}`);
      return node;
    },
  });
  b.svg.querySelector('.sq-frame')?.setAttribute('class', 'c4-frame');
  for (let c = 0; c < cols; c++) {
    const l = drops.get(c);
    if (!l) continue;
    const box = b.box(c, 0);
    const col = s('rect', { x: box.x - GAP / 2, y: 0, width: 2 * R + GAP, height: b.height, class: 'c4-col', tabindex: '0', role: 'button', 'aria-label': `Drop a disc in column ${c + 1}`, 'data-col': c });
    pressable(col, () => onDrop(l));
    b.svg.append(col);
  }
  return b;
}

/** No map preview for Connect Four: the board is always the same. */
export function miniMap() {
  return null;
}

/** @param {Observation} obs */
export function statusLine(obs) {
  if (obs.winner !== null && obs.winner !== undefined) return `${seatName(obs.winner)} wins`;
  if (obs.next === null || obs.next === undefined) return 'Draw';
  return `${seatName(obs.next)} (${obs.next === 0 ? 'X' : 'O'}) to move`;
}

/** @param {LogEntry} entry */
export function logEntry(entry) {
  const who = typeof entry.actor === 'object' ? seatName(entry.actor.seat) : '';
  // Who acted; the sentences below say what (the action's text only where none does).
  const texts = entry.event_texts ?? [];
  return h('li', { 'data-index': entry.index }, h('strong', {}, texts.length ? who : `${who}: ${entry.action_text ?? ''}`),
    texts.length ? h('ul', {}, texts.map((t) => h('li', {}, t))) : null);
}

export function createView(root, ctx) {
  const wrap = h('div', { class: 'c4' });
  root.append(wrap);
  /** @type {State | null} */
  let msg = null;
  /** @type {Observation['board'] | null} */
  let before = null;
  /** @param {Legal} l */
  const act = async (l) => {
    try {
      await ctx.act(l.action, l.seat);
    } catch (e) {
      ctx.announce?.(`Refused: ${e.message}`, true);
    }
  };
  function render(animate) {
    /** @type {Map<number, Legal>} */
    const drops = new Map();
    if (!ctx.readOnly) for (const l of msg.legal ?? []) if (l.action?.drop !== undefined) drops.set(l.action.drop, l);
    const focused = document.activeElement?.getAttribute?.('data-col');
    const board = msg.observation.board;
    const win = fourInARow(board);
    const buttons = h('div', { class: 'buttons c4-buttons', role: 'group', 'aria-label': 'Drop a disc' },
      [...Array(board[0]?.length ?? 7).keys()].map((c) =>
        h('button', { type: 'button', disabled: !drops.has(c), 'data-action': `drop ${c + 1}`, 'data-tip': `Drop a disc into column ${c + 1}`, onclick: () => act(drops.get(c)) }, String(c + 1))));
    const b = boardSvg(board, drops, act, win);
    replace(wrap, ctx.readOnly ? null : buttons, b.svg,
      win.length ? h('p', { class: 'c4-win', role: 'status' }, `Four in a row for ${seatName(board[win[0][0]][win[0][1]])}.`) : null);
    if (focused !== null && focused !== undefined) /** @type {HTMLElement | null} */ (wrap.querySelector(`[data-col="${focused}"]`))?.focus();
    // The disc just played falls into its place.
    const cell = animate ? droppedCell(before, board) : null;
    before = board.map((r) => r.slice());
    if (!cell) return null;
    const el = b.svg.querySelector(`[data-cell="${cell[0]},${cell[1]}"]`);
    const [, cy] = b.center(cell[1], cell[0]);
    return el ? drop(el, cy + R, { ms: 260 + 40 * cell[0] }) : null;
  }
  return {
    /** @param {State} m */
    update(m, _log, opts) {
      msg = m;
      return render(opts?.animate ?? false);
    },
    status: () => (msg ? statusLine(msg.observation) : ''),
    destroy() {
      root.replaceChildren();
    },
  };
}
