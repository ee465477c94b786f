// The attack confirmation of the Command Core and Starcore views: the preview (the exact odds,
// `POST …/preview`) is asked for, the dialog drawn, and dropped once its action is no longer
// legal. `ui.confirm` holds the legal action `l`, the preview's `text` and whether it is still
// `loading`; each view draws the dialog's contents itself.

import { replace } from '../dom.js';

/**
 * Opens the confirmation of `l`: drawn at once as loading, then with the preview's text.
 * `failed(e)` says what to show when the preview fails (null: nothing). A newer confirmation
 * opened meanwhile wins. Once drawn, its Confirm button (`data-action="confirm-attack"` inside
 * `box`) has the focus.
 */
export async function openConfirm(ui, l, { preview, render, box, failed }) {
  ui.confirm = { l, text: null, loading: true };
  render();
  let text = null;
  try {
    text = (await preview?.(l.action, l.seat))?.text ?? null;
  } catch (e) {
    text = failed(e);
  }
  if (ui.confirm?.l !== l) return;
  ui.confirm = { l, text, loading: false };
  render();
  /** @type {HTMLElement | null} */ (box.querySelector('[data-action="confirm-attack"]'))?.focus();
}

/**
 * Whether the confirmation is to be drawn in `box`: one is open, its action is still among the
 * legal actions `all`, and the viewer may act (not `readOnly`). Otherwise `box` is emptied and
 * hidden, and a confirmation of an action no longer legal is dropped.
 */
export function confirmShown(ui, all, box, readOnly) {
  const c = ui.confirm;
  if (c && !all.some((l) => JSON.stringify(l.action) === JSON.stringify(c.l.action))) ui.confirm = null;
  if (!ui.confirm || readOnly) {
    replace(box);
    box.hidden = true;
    return false;
  }
  box.hidden = false;
  return true;
}
