// Cards: one card (title, cost, kind, text, stats; its text also as a tooltip), a hand (a row of
// cards to pick from), a stack list (what waits to resolve, top first) and the 8×3 card grid
// (a board of face-up cards in rows, as a sector map).

import { h } from '../dom.js';

/**
 * `extra` (nodes after the stats), `cls` (more classes) and `label` (what a screen reader reads
 * instead of the text) are optional.
 * @param {{title: string, cost?: string | number | null, kind?: string | null, text?: string | null,
 *   stats?: Array<[string, string | number]>, owner?: number | null, selected?: boolean, faceDown?: boolean,
 *   onPick?: (() => void) | null, key?: string, term?: string, extra?: Array<Node | null> | null,
 *   cls?: string | string[] | null, label?: string | null}} c
 */
export function card(c) {
  const tag = c.onPick ? 'button' : 'div';
  const attrs = {
    class: ['card', c.owner !== null && c.owner !== undefined ? `side-${c.owner}` : '', c.selected ? 'selected' : '', c.faceDown ? 'face-down' : '', ...[c.cls ?? []].flat()],
    'aria-label': c.label ?? undefined,
    'data-key': c.key, 'data-tip': c.text ? `${c.title}: ${c.text}` : undefined, 'data-term': c.term,
    'aria-pressed': c.onPick ? String(Boolean(c.selected)) : undefined,
    type: c.onPick ? 'button' : undefined, onclick: c.onPick ?? undefined,
    tabindex: c.onPick ? undefined : (c.text ? '0' : undefined),
  };
  if (c.faceDown) return h(tag, { ...attrs, 'aria-label': 'A face-down card' }, h('span', { class: 'card-back', 'aria-hidden': 'true' }, '✦'));
  return h(tag, attrs,
    h('span', { class: 'card-head' }, h('strong', { class: 'card-title' }, c.title),
      c.cost !== null && c.cost !== undefined ? h('span', { class: 'card-cost', 'aria-label': `cost ${c.cost}` }, String(c.cost)) : null),
    c.kind ? h('span', { class: 'card-kind' }, c.kind) : null,
    c.text ? h('span', { class: 'card-text' }, c.text) : null,
    c.stats?.length ? h('span', { class: 'card-stats' }, c.stats.map(([k, v]) => h('span', { class: 'card-stat', 'data-term': k }, `${k} ${v}`))) : null,
    c.extra ?? null);
}

/** A hand: the cards in a row that wraps (each may be picked). */
export function hand(cards, { label = 'Hand' } = {}) {
  return h('div', { class: 'hand', role: 'group', 'aria-label': label }, cards.map(card));
}

/** A stack: what waits to resolve, the top first. `items`: `{title, text, owner}`. */
export function stackList(items, { label = 'Stack' } = {}) {
  return h('section', { class: 'stack', 'aria-label': label },
    h('h3', {}, label),
    items.length ? h('ol', { class: 'stack-list' }, items.map((it, i) => h('li', { class: it.owner !== undefined ? `side-${it.owner}` : null, 'data-tip': it.text ?? undefined, tabindex: it.text ? '0' : undefined },
      h('strong', {}, `${i === 0 ? 'Top: ' : ''}${it.title}`), it.text ? h('small', {}, ` — ${it.text}`) : null))) : h('p', { class: 'muted' }, 'Empty.'));
}

/**
 * The card grid: `cols` × `rows` (8 × 3 by default) places, each a card or empty.
 * `cells`: `{col, row, card}` where `card` is as `card()` takes. Optional: `rowLabels` (one per
 * row, drawn at both ends of it), `colLabels` (one per column, drawn above), and `cell(col, row)`
 * giving a place more classes, attributes, and for an empty place a `pick` that makes it a button
 * (`{cls, attrs, pick: {label, onPick}}`).
 * @param {Array<{col: number, row: number, card: any}>} cells
 * @param {{cols?: number, rows?: number, label?: string, rowLabels?: string[] | null, colLabels?: string[] | null,
 *   cell?: ((col: number, row: number) => ({cls?: string | string[], attrs?: Record<string, any>, pick?: {label: string, onPick: () => void, key?: string} | null} | null)) | null}} [opts]
 */
export function cardGrid(cells, { cols = 8, rows = 3, label = 'Card grid', rowLabels = null, colLabels = null, cell = null } = {}) {
  const at = new Map(cells.map((c) => [`${c.col},${c.row}`, c.card]));
  const grid = h('div', { class: ['card-grid', rowLabels ? 'with-row-labels' : ''], role: 'grid', 'aria-label': label, dataset: { cols: String(cols), rows: String(rows) } });
  grid.style.setProperty('--cols', String(cols));
  const rowHead = (text) => h('span', { class: 'card-grid-head row-head', role: 'rowheader' }, text);
  if (colLabels) {
    grid.append(h('div', { class: 'card-grid-row card-grid-cols', role: 'row' },
      rowLabels ? h('span', { class: 'card-grid-head corner', 'aria-hidden': 'true' }) : null,
      colLabels.map((t) => h('span', { class: 'card-grid-head col-head', role: 'columnheader' }, t)),
      rowLabels ? h('span', { class: 'card-grid-head corner', 'aria-hidden': 'true' }) : null));
  }
  for (let r = 0; r < rows; r++) {
    const row = h('div', { class: 'card-grid-row', role: 'row' });
    if (rowLabels) row.append(rowHead(rowLabels[r] ?? ''));
    for (let c = 0; c < cols; c++) {
      const cd = at.get(`${c},${r}`);
      const spec = cell?.(c, r) ?? null;
      const empty = spec?.pick
        ? h('button', { type: 'button', class: 'card-empty pickable', 'data-key': spec.pick.key, 'aria-label': spec.pick.label, 'data-tip': spec.pick.label, onclick: spec.pick.onPick })
        : h('span', { class: 'card-empty', 'aria-label': 'empty' });
      row.append(h('div', { class: ['card-grid-cell', ...[spec?.cls ?? []].flat()], role: 'gridcell', ...(spec?.attrs ?? {}) }, cd ? card(cd) : empty));
    }
    if (rowLabels) row.append(rowHead(rowLabels[r] ?? ''));
    grid.append(row);
  }
  return grid;
}
