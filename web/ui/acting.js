// What a game view does the same way in every game: the match id of a state, the match's
// reference data (card texts, tables) loaded once per match, and an action sent with its
// refusal announced.

import { api } from '../api.js';

/** The match id of a state (a replay's states may not carry it: then the page's address). */
export const matchId = (msg) => msg?.match ?? /\/(?:play|replay)\/([^/?#]+)/.exec(location.pathname)?.[1] ?? null;

/**
 * A loader of the match's reference data: `load(msg)` fetches it once per match, hands it to
 * `done(reference)`, and announces through `ctx` when it does not load.
 * @param {{announce?: (text: string, urgent?: boolean) => void}} ctx
 * @param {(reference: any) => void} done
 */
export function referenceLoader(ctx, done) {
  let loadedFor = null;
  return async (msg) => {
    const id = matchId(msg);
    if (!id || loadedFor === id) return;
    loadedFor = id;
    try {
      done(await api.reference(id));
    } catch (e) {
      ctx.announce?.(`The card texts did not load: ${e.message}`, true);
      done(null);
    }
  };
}

/**
 * Sends a legal action through the match page; a refusal is announced, never thrown.
 * @param {{act: (action: any, seat: any) => Promise<unknown>, announce?: (text: string, urgent?: boolean) => void}} ctx
 * @param {{action: any, seat: any}} l
 */
export async function sendAction(ctx, l) {
  try {
    await ctx.act(l.action, l.seat);
  } catch (e) {
    ctx.announce?.(`Refused: ${e.message}`, true);
  }
}
