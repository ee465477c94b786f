// The hex board: flat-topped hexes in columns, odd columns half a hex lower ("odd-q"), drawn
// in SVG with each cell's class, fill, glyph and code; the game draws its pieces on top with
// `center`. Presentation only: an engine's hexes are axial and know no pixels.

import { s } from '../dom.js';

export const SQRT3 = Math.sqrt(3);

/** The printed (column, row) of an axial hex `{q, r}`. */
export function toOffset({ q, r }) {
  return [q, r + (q - (q & 1)) / 2];
}

/** The four-digit code of (column, row): `0304`. */
export function code(col, row) {
  return `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

/** Pixel centre of (column, row) for hexes of circumradius `size`, with the map's corner at 0,0. */
export function center(col, row, size) {
  return [size + col * 1.5 * size, (SQRT3 * size) * (row + 0.5 * (col & 1)) + (SQRT3 * size) / 2];
}

/** The pixel centre of an axial hex. */
export const axialCenter = (hex, size) => center(...toOffset(hex), size);

/** The six corners of a flat-topped hex as an SVG `points` string. */
export function corners(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + size * Math.cos(a)).toFixed(2)},${(cy + size * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** Width and height in pixels of a map of `cols` × `rows` hexes. */
export function extent(cols, rows, size) {
  return [size * (1.5 * cols + 0.5), SQRT3 * size * (rows + (cols > 1 ? 0.5 : 0))];
}

/**
 * An SVG hex map of `cols` × `rows`: `{svg, cells: SVGGElement}`; the caller appends defs,
 * marks and pieces. `cells` are `{col, row, cls, fill, glyph, code, data}`; each becomes a group
 * with a polygon, an optional glyph (bottom left) and, unless `compact`, its code (top).
 * @param {{cols: number, rows: number, size?: number, pad?: number, cells: any[], compact?: boolean, label: string, cls?: any}} p
 */
export function hexBoard({ cols, rows, size = 40, pad = 4, cells, compact = false, label, cls = 'board' }) {
  const [w, hgt] = extent(cols, rows, size);
  const svg = s('svg', {
    class: [cls, compact && 'compact'].flat(),
    viewBox: `${-pad} ${-pad} ${w + 2 * pad} ${hgt + 2 * pad}`,
    role: compact ? 'img' : 'group',
    'aria-label': label,
  });
  const terrain = s('g', { class: 'terrain' });
  const codes = s('g', { class: 'codes', 'aria-hidden': 'true' });
  for (const c of cells) {
    const [cx, cy] = center(c.col, c.row, size);
    const g = s('g', { class: ['hex', c.cls], 'data-code': c.code, ...(c.data ?? {}) });
    g.append(s('polygon', { points: corners(cx, cy, size), class: 'hex-shape', fill: c.fill }));
    if (c.glyph) g.append(s('text', { class: 'glyph', x: cx - size * 0.55, y: cy + size * 0.62, 'font-size': size * 0.3, text: c.glyph }));
    if (!compact && c.code) codes.append(s('text', { class: 'code', x: cx, y: cy - size * 0.69, 'font-size': size * 0.2, 'text-anchor': 'middle', text: c.code }));
    terrain.append(g);
  }
  svg.append(terrain);
  return { svg, terrain, codes, center: (col, row) => center(col, row, size), size };
}
