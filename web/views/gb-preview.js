// Grid Battles: the lobby's scenario preview. The server lists each scenario with a text picture
// of its map (crates/games/grid-battles/src/render.rs): column numbers along the top, every
// other column on alternate lines, a terrain glyph then the unit label in each cell, and a
// `Terrain:` legend. Until the server also sends the opening position as data, this reads that
// picture back into a map and a unit list.

import { code } from '../hex.js';

/** Axial hex of printed (column, row). */
const fromOffset = (col, row) => ({ q: col, r: row - (col - (col & 1)) / 2 });

/** The opening position of a scenario, as far as the lobby needs it, or null. */
export function parsePreview(text) {
  if (typeof text !== 'string') return null;
  const lines = text.split('\n');
  const head = lines.findIndex((l) => /^\s+00(\s+\d\d)*\s*$/.test(l));
  if (head < 0) return null;
  // Each column's cell starts under its number in the header; a line holds every other column.
  const header = Array.from(lines[head]);
  const starts = [];
  for (let i = 0; i + 1 < header.length; i++) if (/\d/.test(header[i]) && /\d/.test(header[i + 1]) && !/\d/.test(header[i - 1] ?? ' ')) starts.push(i);
  const width = starts.length;
  const pitch = width > 1 ? starts[1] - starts[0] : 3;
  const legend = lines.find((l) => l.startsWith('Terrain: ')) ?? '';
  const terrainOf = new Map();
  for (const item of legend.slice(9).split('. ')[0].split(', ')) {
    const [glyph, id] = item.trim().split(/\s+/);
    if (glyph && id) terrainOf.set(glyph, id);
  }
  const body = [];
  for (let i = head + 1; i < lines.length && !/^\s+00\s/.test(lines[i]); i++) body.push(Array.from(lines[i]));
  const height = body.filter((l) => /^\s*\d\d\s/.test(l.join(''))).length; // lines with a row number
  if (width < 1 || height < 1) return null;
  const hexes = [];
  const units = [];
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const line = body[2 * row + (col & 1)] ?? [];
      const cell = line.slice(starts[col], starts[col + 2] ?? starts[col] + 2 * pitch).join('').trim();
      const glyph = cell ? Array.from(cell)[0] : '·';
      const hex = fromOffset(col, row);
      hexes.push({ code: code(col, row), hex, terrain: terrainOf.get(glyph) ?? 'plain' });
      const label = Array.from(cell).slice(1).join('');
      if (/^[A-Za-z]\d+$/.test(label)) {
        const side = label[0] === label[0].toUpperCase() ? 0 : 1;
        units.push({ id: Number(label.slice(1)) - 1, label, side, alive: true, hex, at: code(col, row), status: 'fresh' });
      }
    }
  }
  return { map: { width, height, hexes }, units };
}
