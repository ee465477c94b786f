// The Lab (issue 25): a designer picks a game, a setup, an agent per seat, how many games and a
// seed, optionally two variants to compare or one key to sweep, and starts a balance run on the
// server. The page shows its progress and its charts (SVG drawn by the server from the games
// played so far) while it plays, can cancel it, and lists past runs. The server checks the
// request as `gridwright balance` does and names the field of any refusal.

import { api, labTokens } from './api.js';
import { h, replace, seatName } from './dom.js';

/** @typedef {import('./types/server').GameEntry} GameEntry */
/** @typedef {import('./types/server').LabRun} LabRun */
/** @typedef {import('./types/server').LabRunSummary} LabRunSummary */

/** How often a playing run is read again. */
const POLL_MS = 1000;

/** Where a run stands, in words. */
const STATUS_WORDS = {
  queued: 'Waiting to start',
  running: 'Playing',
  done: 'Finished',
  cancelled: 'Cancelled',
  failed: 'Failed',
  interrupted: 'Interrupted: the server stopped while it played',
};

/**
 * A seat's agent choices in players' words: random moves, the game's AI strengths, and for
 * experts any agent spec.
 * @param {GameEntry} game
 */
function agentChoices(game) {
  return [
    { value: 'random', label: 'Random moves' },
    ...(game.strengths ?? []).map((s) => ({ value: s.agent, label: `${s.title} AI` })),
    { value: 'custom', label: 'Agent spec…' },
  ];
}

/** Words separated by commas, trimmed, without empties. */
const list = (text) => text.split(',').map((t) => t.trim()).filter(Boolean);

/**
 * One run in a sentence: game, setup, agents, progress and status.
 * @param {LabRunSummary} r
 */
export function runSentence(r) {
  const setup = r.setup_title ? ` — ${r.setup_title}` : '';
  const agents = r.agent_titles.join(' against ');
  const what = r.sweep ? `, sweep ${r.sweep}` : r.variants.length ? `, variants ${r.variants.join(' / ')}` : '';
  return `${r.game_title}${setup}: ${agents}${what}; ${r.done} of ${r.total} games, seed ${r.seed}. ${STATUS_WORDS[r.status] ?? r.status}.`;
}

/**
 * @param {HTMLElement} root
 * @param {{id?: string, navigate: (url: string) => void, announce: (text: string) => void}} ctx
 */
export async function mount(root, { id, navigate, announce }) {
  document.title = 'Gridwright — Lab';
  const gameSelect = h('select', { id: 'lab-game', name: 'game' });
  const setupSelect = h('select', { id: 'lab-setup', name: 'setup' });
  const seatBox = h('fieldset', { class: 'seats' }, h('legend', {}, 'Agents'));
  const games = h('input', { type: 'number', id: 'lab-games', name: 'games', min: 1, step: 1, value: 100 });
  const seed = h('input', { type: 'number', id: 'lab-seed', name: 'seed', min: 0, step: 1, value: 1 });
  const sets = h('input', { type: 'text', id: 'lab-sets', name: 'sets', placeholder: 'units.knight.health=4', spellcheck: false });
  const kind = h('select', { id: 'lab-kind', name: 'kind' },
    h('option', { value: 'none' }, 'No comparison'),
    h('option', { value: 'variants' }, 'Compare two variants'),
    h('option', { value: 'sweep' }, 'Sweep one key'));
  const variantA = h('input', { type: 'text', id: 'lab-variant-a', placeholder: 'no change', spellcheck: false });
  const variantB = h('input', { type: 'text', id: 'lab-variant-b', placeholder: 'units.knight.health=4', spellcheck: false });
  const sweep = h('input', { type: 'text', id: 'lab-sweep', placeholder: 'units.knight.health=2..5', spellcheck: false });
  const variantsBox = h('div', { class: 'lab-variants', hidden: true },
    h('label', { for: 'lab-variant-a' }, 'Variant A changes '), variantA,
    h('label', { for: 'lab-variant-b' }, 'Variant B changes '), variantB);
  const sweepBox = h('div', { class: 'lab-sweep', hidden: true }, h('label', { for: 'lab-sweep' }, 'Key and values '), sweep);
  kind.addEventListener('change', () => {
    variantsBox.hidden = kind.value !== 'variants';
    sweepBox.hidden = kind.value !== 'sweep';
  });
  const message = h('p', { class: 'error', role: 'alert', id: 'lab-error' });
  const start = h('button', { type: 'submit', class: 'primary', id: 'lab-start' }, 'Start run');
  const form = h('form', { class: 'lab-form', 'aria-labelledby': 'lab-h' },
    h('div', { class: 'lab-row' }, h('label', { for: 'lab-game' }, 'Game '), gameSelect),
    h('div', { class: 'lab-row' }, h('label', { for: 'lab-setup' }, 'Setup '), setupSelect),
    seatBox,
    h('div', { class: 'lab-row' }, h('label', { for: 'lab-games' }, 'Games '), games,
      h('label', { for: 'lab-seed' }, ' Seed '), seed),
    h('details', { class: 'advanced' }, h('summary', {}, 'Changes, variants and sweeps'),
      h('p', { class: 'hint' }, 'Change the setup by key path, e.g. units.knight.health=4; separate several with commas.'),
      h('div', { class: 'lab-row' }, h('label', { for: 'lab-sets' }, 'Changes for every variant '), sets),
      h('div', { class: 'lab-row' }, h('label', { for: 'lab-kind' }, 'Compare '), kind),
      variantsBox, sweepBox),
    h('div', { class: 'buttons' }, start), message);
  const runBox = h('section', { class: 'panel lab-run', 'aria-live': 'off', id: 'lab-run' },
    h('h2', {}, 'Run'), h('p', {}, 'Start a run, or open one of the past runs.'));
  const pastList = h('ul', { class: 'match-list lab-runs', id: 'lab-runs' });
  replace(root, h('div', { class: 'lobby lab' },
    h('section', { class: 'panel' }, h('h1', { id: 'lab-h' }, 'Balance lab'), form),
    runBox,
    h('section', { class: 'panel lab-past' }, h('h2', {}, 'Past runs'), pastList)));

  /** @type {GameEntry[]} */
  let gameList = [];
  let timer = 0;
  let gone = false;
  /** @type {string | null} */
  let shown = null;

  /** @param {GameEntry} g */
  function pickGame(g) {
    replace(setupSelect, (g.scenarios ?? []).map((sc) => h('option', { value: sc.name }, sc.title)));
    pickSetup();
  }

  function pickSetup() {
    const g = gameList.find((x) => x.name === gameSelect.value);
    if (!g) return;
    const sc = (g.scenarios ?? []).find((x) => x.name === setupSelect.value);
    const seats = sc?.seats ?? g.min_seats ?? 2;
    const choices = agentChoices(g);
    replace(seatBox, h('legend', {}, 'Agents'), [...Array(seats).keys()].map((i) => {
      const custom = h('input', { type: 'text', id: `lab-spec-${i}`, class: 'agent-spec', hidden: true, value: 'mcts:iters=200', 'aria-label': `${seatName(i)} agent spec`, spellcheck: false });
      const select = h('select', { id: `lab-agent-${i}`, class: 'lab-agent', onchange: () => { custom.hidden = select.value !== 'custom'; } },
        choices.map((c) => h('option', { value: c.value }, c.label)));
      return h('div', { class: 'seat-row' }, h('label', { for: `lab-agent-${i}` }, seatName(i)), select, custom);
    }));
  }

  gameSelect.addEventListener('change', () => pickGame(gameList.find((x) => x.name === gameSelect.value)));
  setupSelect.addEventListener('change', pickSetup);

  /** The request the form asks for. */
  function request() {
    const agents = [...seatBox.querySelectorAll('select')].map((s, i) => {
      const v = /** @type {HTMLSelectElement} */ (s).value;
      return v === 'custom' ? /** @type {HTMLInputElement} */ (seatBox.querySelector(`#lab-spec-${i}`)).value.trim() : v;
    });
    /** @type {Record<string, unknown>} */
    const req = { game: gameSelect.value, setup: setupSelect.value || undefined, agents, games: Number(games.value), seed: Number(seed.value) };
    if (sets.value.trim()) req.sets = list(sets.value);
    if (kind.value === 'variants') req.variants = [`A=${list(variantA.value).join(',')}`, `B=${list(variantB.value).join(',')}`];
    if (kind.value === 'sweep') req.sweep = sweep.value.trim();
    return req;
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    message.textContent = '';
    start.disabled = true;
    try {
      /** @type {LabRun} */
      const run = await api.labStart(request());
      if (run.token) labTokens.set(run.run.id, run.token);
      announce('Run started.');
      navigate(`/lab/${run.run.id}`);
    } catch (err) {
      message.textContent = err.message;
    } finally {
      start.disabled = false;
    }
  });

  /** @param {LabRun} r */
  function drawRun(r) {
    const run = r.run;
    const active = run.status === 'queued' || run.status === 'running';
    let bar = /** @type {HTMLProgressElement | null} */ (runBox.querySelector('progress'));
    if (shown !== run.id || !bar) {
      shown = run.id;
      const cancel = h('button', { type: 'button', id: 'lab-cancel', onclick: async () => {
        cancel.disabled = true;
        try {
          drawRun(await api.labCancel(run.id, labTokens.get(run.id)));
          announce('Run cancelled.');
        } catch (err) {
          replace(runBox.querySelector('.lab-run-error'), err.message);
        }
      } }, 'Cancel run');
      replace(runBox,
        h('h2', {}, `${run.game_title}${run.setup_title ? ` — ${run.setup_title}` : ''}`),
        h('p', { class: 'lab-agents' }, run.agent_titles.map((a, i) => `${seatName(i)}: ${a}`).join(' · ')),
        h('p', { class: 'lab-status', id: 'lab-status' }),
        h('progress', { id: 'lab-progress', max: Math.max(1, run.total), value: run.done, 'aria-label': 'Games played' }),
        h('div', { class: 'buttons' }, cancel),
        h('p', { class: 'error lab-run-error', role: 'alert' }),
        h('div', { class: 'lab-charts', id: 'lab-charts' }));
      bar = /** @type {HTMLProgressElement} */ (runBox.querySelector('progress'));
    }
    bar.max = Math.max(1, run.total);
    bar.value = run.done;
    const status = runBox.querySelector('#lab-status');
    status.textContent = `${STATUS_WORDS[run.status] ?? run.status}: ${run.done} of ${run.total} games${run.error ? ` (${run.error})` : ''}.`;
    status.setAttribute('data-status', run.status);
    const cancel = /** @type {HTMLButtonElement} */ (runBox.querySelector('#lab-cancel'));
    // Only the browser that started a run holds its token, and so may cancel it.
    cancel.hidden = !active || !labTokens.get(run.id);
    const charts = runBox.querySelector('#lab-charts');
    r.charts.forEach((c, i) => {
      let fig = charts.children[i];
      if (!fig) {
        // A run without variants has one, which the report calls `base`: its charts are the run's.
        const name = c.section === 'Variant base' ? c.title : `${c.section}: ${c.title}`;
        fig = h('figure', { class: 'lab-chart' }, h('img', { alt: name, src: c.url, width: 720 }), h('figcaption', {}, name));
        charts.append(fig);
      }
      const img = /** @type {HTMLImageElement} */ (fig.querySelector('img'));
      if (img.getAttribute('src') !== c.url) img.setAttribute('src', c.url);
    });
    while (charts.children.length > r.charts.length) charts.lastElementChild?.remove();
    return active;
  }

  async function poll(runId) {
    clearTimeout(timer);
    try {
      const r = await api.labRun(runId);
      if (gone || shown !== null && shown !== runId) return;
      const active = drawRun(r);
      if (active) timer = window.setTimeout(() => poll(runId), POLL_MS);
      else {
        announce(`Run ${STATUS_WORDS[r.run.status]?.toLowerCase() ?? r.run.status}.`);
        loadPast();
      }
    } catch (err) {
      if (!gone) replace(runBox, h('h2', {}, 'Run'), h('p', { class: 'error' }, err.message));
    }
  }

  async function loadPast() {
    try {
      /** @type {import('./types/server').LabRunList} */
      const past = await api.labRuns();
      replace(pastList, past.runs.length
        ? past.runs.map((r) => h('li', {}, h('a', { href: `/lab/${r.id}`, 'data-status': r.status }, runSentence(r))))
        : h('li', {}, 'No runs yet.'));
    } catch (err) {
      replace(pastList, h('li', { class: 'error' }, err.message));
    }
  }

  try {
    gameList = (await api.games()).games;
  } catch (err) {
    message.textContent = err.message;
  }
  replace(gameSelect, gameList.map((g) => h('option', { value: g.name }, g.title)));
  if (gameList[0]) pickGame(gameList[0]);
  loadPast();
  if (id) poll(id);
  return () => {
    gone = true;
    clearTimeout(timer);
  };
}
