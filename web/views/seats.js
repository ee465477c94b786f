// Seat markers shared by every view: up to four seats, each with its own colour AND shape (P1 ●
// circle, P2 ◆ diamond, P3 ■ square, P4 ▲ triangle), so colour is never the only cue. The
// colours are `--p1`…`--p4` in style.css, applied through the `side-<seat>` classes.

import { h, s } from '../dom.js';

/** Shape name of each seat, in seat order. */
export const SEAT_SHAPES = ['circle', 'diamond', 'square', 'triangle'];
/** The same shapes as text, for legends and lists. */
export const SEAT_GLYPHS = ['●', '◆', '■', '▲'];

/** The glyph of `seat` (seats past the fourth repeat the shapes). */
export const seatGlyph = (seat) => SEAT_GLYPHS[Number(seat) % SEAT_GLYPHS.length];

/**
 * An SVG marker of `seat` centred on (x, y) and about `r` in radius: a circle, diamond, square
 * or triangle with the classes `marker side-<seat>` plus `cls`.
 */
export function seatMarker(seat, x, y, r, cls = 'marker') {
  const k = Number(seat) % SEAT_SHAPES.length;
  const attrs = { class: [cls, `side-${seat}`, `shape-${SEAT_SHAPES[k]}`], 'data-seat': seat };
  const n = (v) => Number(v.toFixed(2));
  switch (k) {
    case 0: return s('circle', { cx: x, cy: y, r, ...attrs });
    case 1: {
      const d = r * 1.25;
      return s('path', { d: `M${n(x)} ${n(y - d)} L${n(x + d)} ${n(y)} L${n(x)} ${n(y + d)} L${n(x - d)} ${n(y)} Z`, ...attrs });
    }
    case 2: {
      const a = r * 0.9;
      return s('rect', { x: n(x - a), y: n(y - a), width: n(2 * a), height: n(2 * a), ...attrs });
    }
    default: {
      const d = r * 1.2;
      return s('path', { d: `M${n(x)} ${n(y - d)} L${n(x + d)} ${n(y + d * 0.8)} L${n(x - d)} ${n(y + d * 0.8)} Z`, ...attrs });
    }
  }
}

/** A small inline chip in the seat's colour and shape (decorative: the text names the seat). */
export const seatChip = (seat) => h('span', { class: `side-chip side-${seat}`, 'aria-hidden': 'true' });
