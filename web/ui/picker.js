// The stepwise action picker: the legal actions grouped kind → subject → option (ui/model.js,
// `pickTree`), one level at a time, at most PAGE choices a screen with Back and paging, so no
// screen shows more than 30 buttons whatever the game offers. A leaf plays its action (through
// `onPick`, which may open a confirmation first).

import { h, replace } from '../dom.js';
import { PAGE, pickTree, screen, walk } from './model.js';

/**
 * @param {{onPick: (l: any) => unknown, describe?: (l: any) => any, title?: string, id?: string}} opts
 * @returns {{el: HTMLElement, update: (legal: any[]) => void, reset: () => void}}
 */
export function actionPicker({ onPick, describe, title = 'Actions', id = 'picker' }) {
  let path = [];
  let page = 0;
  let tree = null;
  let signature = '';
  const body = h('div', { class: 'picker-body' });
  const el = h('section', { class: 'picker', id, 'aria-label': title }, h('h2', { class: 'picker-title' }, title), body);

  function render() {
    if (!tree || !tree.count) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const { node, trail } = walk(tree, path);
    path = trail.slice(1).map((n) => n.key);
    const sc = screen(node, page);
    page = sc.page;
    const crumbs = trail.map((n) => n.label).filter((l) => l && l !== 'All');
    const nav = [];
    if (trail.length > 1) {
      nav.push(h('button', { type: 'button', class: 'picker-back', 'data-picker': 'back', onclick: () => { path = path.slice(0, -1); page = 0; render(); focusFirst(); } }, '◀ Back'));
    }
    if (sc.pages > 1) {
      nav.push(h('button', { type: 'button', 'data-picker': 'prev', disabled: sc.page === 0, onclick: () => { page -= 1; render(); } }, 'Previous'));
      nav.push(h('span', { class: 'picker-page' }, `${sc.page * PAGE + 1}–${sc.page * PAGE + sc.choices.length} of ${node.children.length}`));
      nav.push(h('button', { type: 'button', 'data-picker': 'next', disabled: sc.page === sc.pages - 1, onclick: () => { page += 1; render(); } }, 'More'));
    }
    replace(body,
      h('p', { class: 'picker-crumbs' }, crumbs.length ? `${crumbs.join(' › ')}:` : `${tree.count} possible action${tree.count === 1 ? '' : 's'}: choose a kind.`),
      h('div', { class: 'buttons wrap picker-choices' }, sc.choices.map((c) => c.legal
        ? h('button', { type: 'button', class: 'picker-leaf', 'data-action': c.text ?? c.label, onclick: () => onPick(c.legal) }, c.label)
        : h('button', { type: 'button', class: 'picker-group', 'data-group': c.key, onclick: () => { path = [...path, c.key]; page = 0; render(); focusFirst(); } },
          c.label, h('small', { class: 'picker-count' }, ` ${c.count}`)))),
      nav.length ? h('div', { class: 'buttons picker-nav' }, nav) : null);
  }

  function focusFirst() {
    /** @type {HTMLElement | null} */ (body.querySelector('.picker-choices button'))?.focus();
  }

  return {
    el,
    update(legal) {
      const sig = legal.map((l) => l.text).join('\n');
      tree = pickTree(legal, describe);
      // A new set of choices keeps the groups still offered (walk stops at one that is gone).
      if (sig !== signature) {
        signature = sig;
        page = 0;
      }
      render();
    },
    reset() {
      path = [];
      page = 0;
      render();
    },
  };
}
