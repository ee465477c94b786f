// Pixel geometry of flat-topped hexes in columns, odd columns half a hex lower ("odd-q"), as in
// the Grid Battles rules. Presentation only: the engine's `Hex` is axial and knows no pixels.

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
