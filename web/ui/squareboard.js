// The square board: a grid of `cols` × `rows` cells in SVG with optional coordinates (letters
// across, numbers down), each cell drawn by the game (`cell(x, y, box)`); pieces go on top,
// placed with `center`.

import { s } from '../dom.js';

/**
 * @param {{cols: number, rows: number, size?: number, margin?: number, coords?: boolean, gap?: number,
 *   cell?: (x: number, y: number, box: {x: number, y: number, size: number, cx: number, cy: number}) => any,
 *   frame?: boolean, label: string, cls?: string}} p
 */
export function squareBoard({ cols, rows, size = 44, margin = 0, coords = false, gap = 0, cell, frame = false, label, cls = 'sq-board' }) {
  const m = coords ? Math.max(margin, 18) : margin;
  const step = size + gap;
  const W = cols * step + gap + m + (coords ? 4 : 0);
  const H = rows * step + gap + m + (coords ? 4 : 0);
  const svg = s('svg', { class: cls, viewBox: `0 0 ${W} ${H}`, role: 'group', 'aria-label': label });
  if (frame) svg.append(s('rect', { x: m, y: m, width: W - m, height: H - m, rx: 10, class: 'sq-frame' }));
  if (coords) {
    for (let x = 0; x < cols; x++) svg.append(s('text', { x: m + gap + x * step + size / 2, y: 13, class: 'cc-coord', 'text-anchor': 'middle', text: String.fromCharCode(97 + x) }));
    for (let y = 0; y < rows; y++) svg.append(s('text', { x: 9, y: m + gap + y * step + size / 2 + 4, class: 'cc-coord', 'text-anchor': 'middle', text: String(y + 1) }));
  }
  const box = (x, y) => {
    const bx = m + gap + x * step;
    const by = m + gap + y * step;
    return { x: bx, y: by, size, cx: bx + size / 2, cy: by + size / 2 };
  };
  if (cell) for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) {
    const out = cell(x, y, box(x, y));
    if (out) svg.append(...[out].flat().filter(Boolean));
  }
  return { svg, box, center: (x, y) => { const b = box(x, y); return [b.cx, b.cy]; }, width: W, height: H };
}
