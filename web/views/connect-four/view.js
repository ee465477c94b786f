// Connect Four in the browser: seven column buttons and an SVG board. P1's discs are solid with
// an X, P2's are rings with an O, so colour is never the only cue.

import { h, pressable, replace, s, seatName } from '../../dom.js';

/** @typedef {import('../../types/connect-four').State} State */
/** @typedef {import('../../types/connect-four').Observation} Observation */
/** @typedef {import('../../types/connect-four').Legal} Legal */
/** @typedef {import('../../types/connect-four').LogEntry} LogEntry */

export const title = 'Connect Four';

const R = 20;
const GAP = 6;
const step = 2 * R + GAP;

function disc(seat, cx, cy) {
  const g = s('g', { class: `disc side-${seat}` });
  g.append(s('circle', { cx, cy, r: R, class: 'disc-body' }));
  g.append(s('text', { x: cx, y: cy + 7, 'text-anchor': 'middle', 'font-size': 20, class: 'disc-mark', text: seat === 0 ? 'X' : 'O' }));
  return g;
}

/**
 * @param {Observation['board']} board
 * @param {Map<number, Legal>} drops
 * @param {(l: Legal) => void} onDrop
 */
function boardSvg(board, drops, onDrop) {
  const cols = board[0]?.length ?? 7;
  const rows = board.length;
  const w = cols * step + GAP;
  const hgt = rows * step + GAP;
  const svg = s('svg', { class: 'c4-board', viewBox: `0 0 ${w} ${hgt}`, role: 'group', 'aria-label': `Board, ${cols} columns by ${rows} rows` });
  svg.append(s('rect', { width: w, height: hgt, rx: 10, class: 'c4-frame' }));
  board.forEach((row, r) => row.forEach((cell, c) => {
    const cx = GAP + R + c * step;
    const cy = GAP + R + r * step;
    svg.append(cell === null ? s('circle', { cx, cy, r: R, class: 'hole' }) : disc(cell, cx, cy));
  }));
  for (let c = 0; c < cols; c++) {
    const l = drops.get(c);
    if (!l) continue;
    const col = s('rect', { x: GAP / 2 + c * step, y: 0, width: step, height: hgt, class: 'c4-col', tabindex: '0', role: 'button', 'aria-label': `Drop a disc in column ${c + 1}`, 'data-col': c });
    pressable(col, () => onDrop(l));
    svg.append(col);
  }
  return svg;
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
  return h('li', { 'data-index': entry.index }, h('strong', {}, `${who}: ${entry.action_text ?? ''}`),
    entry.event_texts?.length ? h('ul', {}, entry.event_texts.map((t) => h('li', {}, t))) : null);
}

export function createView(root, ctx) {
  const wrap = h('div', { class: 'c4' });
  root.append(wrap);
  /** @type {State | null} */
  let msg = null;
  /** @param {Legal} l */
  const act = async (l) => {
    try {
      await ctx.act(l.action, l.seat);
    } catch (e) {
      ctx.announce?.(`Refused: ${e.message}`, true);
    }
  };
  function render() {
    /** @type {Map<number, Legal>} */
    const drops = new Map();
    if (!ctx.readOnly) for (const l of msg.legal ?? []) if (l.action?.drop !== undefined) drops.set(l.action.drop, l);
    const focused = document.activeElement?.getAttribute?.('data-col');
    const buttons = h('div', { class: 'buttons c4-buttons', role: 'group', 'aria-label': 'Drop a disc' },
      [...Array(msg.observation.board[0]?.length ?? 7).keys()].map((c) =>
        h('button', { type: 'button', disabled: !drops.has(c), 'data-action': `drop ${c + 1}`, onclick: () => act(drops.get(c)) }, String(c + 1))));
    replace(wrap, ctx.readOnly ? null : buttons, boardSvg(msg.observation.board, drops, act));
    if (focused !== null && focused !== undefined) wrap.querySelector(`[data-col="${focused}"]`)?.focus();
  }
  return {
    /** @param {State} m */
    update(m) {
      msg = m;
      render();
    },
    status: () => (msg ? statusLine(msg.observation) : ''),
    destroy() {
      root.replaceChildren();
    },
  };
}
