// One view folder per game (web/views/<game>/view.js), loaded on demand. A game without a module here gets the generic
// view (legal actions as buttons, observation as text).

const VIEWS = {
  'grid-battles': () => import('./grid-battles/view.js'),
  'connect-four': () => import('./connect-four/view.js'),
  'command-core': () => import('./command-core/view.js'),
  starcore: () => import('./starcore/view.js'),
  milkomeda: () => import('./milkomeda/view.js'),
};

/** The view module of `game`. */
export async function viewFor(game) {
  return (VIEWS[game] ?? (() => import('./generic.js')))();
}
