// One view module per game, loaded on demand. A game without a module here gets the generic
// view (legal actions as buttons, observation as text).

const VIEWS = {
  'grid-battles': () => import('./grid-battles.js'),
  'connect-four': () => import('./connect-four.js'),
  'command-core': () => import('./command-core.js'),
};

/** The view module of `game`. */
export async function viewFor(game) {
  return (VIEWS[game] ?? (() => import('./generic.js')))();
}
