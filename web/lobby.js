// The lobby: pick a game and scenario (with a map preview), seat people and AIs, create the
// match; list open, running and finished matches to join, watch or replay.

import { api, creatorTokens, tokens } from './api.js';
import { aiLabel, h, replace, seatName } from './dom.js';
import { viewFor } from './views/index.js';
import { finishedText } from './ui/model.js';
import { howToButton } from './ui/howto.js';
import { installTooltips } from './ui/tooltip.js';

/**
 * A seat's choices: people, the AI opponents by strength (Easy, Normal, Hard) and, for experts,
 * each agent by name and any agent spec.
 * @param {{agents?: string[], strengths?: Array<{name: string, title: string, agent: string}>}} game
 */
const SEAT_CHOICES = (game) => [
  { value: 'human', label: 'Human, on this device', group: null, strength: null },
  { value: 'open', label: 'Human, invite by link (open seat)', group: null, strength: null },
  ...(game.strengths ?? []).map((s) => ({ value: `ai:${s.agent}`, label: `AI: ${s.title}`, group: null, strength: s.name })),
  ...(game.agents ?? ['random']).filter((a) => a !== 'human').map((a) => ({ value: `ai:${a}`, label: `AI: ${a}`, group: 'Experts', strength: null })),
  { value: 'ai:custom', label: 'AI: agent spec…', group: 'Experts', strength: null },
];

function gameCard(game, checked, onPick) {
  return h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'game', value: game.name, checked, onchange: () => onPick(game) }),
    h('span', {}, h('strong', {}, game.title), h('small', {}, game.summary ?? '')));
}

async function scenarioCard(game, sc, checked, onPick) {
  const view = await viewFor(game.name);
  const map = view.miniMap?.(sc);
  return h('label', { class: 'choice scenario' },
    h('input', { type: 'radio', name: 'scenario', value: sc.name, checked, onchange: () => onPick(sc) }),
    h('span', { class: 'scenario-text' }, h('strong', {}, sc.title), h('small', {}, sc.description)),
    map ? h('span', { class: 'minimap' }, map) : null);
}

function seatRows(game, seats) {
  const choices = SEAT_CHOICES(game);
  const preferred = choices.find((c) => c.strength === (game.default_strength ?? 'normal')) ?? choices.find((c) => c.value.startsWith('ai:')) ?? choices[1];
  return [...Array(seats).keys()].map((i) => {
    // Any agent spec (`mcts:iters=5000`, `mcts:ms=500,threads=2`): `gridwright agents` lists them.
    const custom = h('input', {
      type: 'text', id: `spec-${i}`, class: 'agent-spec', hidden: true, value: 'mcts:ms=500',
      'aria-label': `${seatName(i)} agent spec`, placeholder: 'mcts:iters=5000', spellcheck: false,
    });
    const select = h('select', {
      id: `seat-${i}`, name: `seat-${i}`,
      onchange: () => { custom.hidden = select.value !== 'ai:custom'; },
    }, [...new Set(choices.map((c) => c.group))].map((group) => {
      const options = choices.filter((c) => c.group === group).map((c) =>
        h('option', { value: c.value, 'data-strength': c.strength, selected: i === 0 ? c.value === 'human' : c === preferred }, c.label));
      return group ? h('optgroup', { label: group }, options) : options;
    }).flat());
    return h('div', { class: 'seat-row' }, h('label', { for: `seat-${i}` }, seatName(i)), select, custom);
  });
}

function matchItem(m, navigate, game) {
  const strengths = game?.strengths;
  const title = game?.title ?? 'A game';
  const scenario = m.scenario ? game?.scenarios?.find((sc) => sc.name === m.scenario)?.title ?? '' : '';
  const outcome = m.status === 'finished' || m.status === 'aborted' || m.status === 'expired' ? finishedText(m) : '';
  const seats = (m.seats ?? []).map((s) => `${seatName(s.seat)}: ${s.kind === 'ai' ? aiLabel(s.agent, strengths) : s.kind === 'human' && s.taken ? 'human' : 'open'}`).join(' · ');
  const mine = tokens.get(m.id);
  const actions = [];
  if (mine && m.status !== 'finished') actions.push(h('a', { class: 'button primary', href: `/play/${m.id}` }, 'Continue'));
  if (m.status === 'open' && !mine) {
    actions.push(h('button', {
      type: 'button', class: 'primary',
      onclick: async (e) => {
        e.target.disabled = true;
        try {
          const grant = await api.join(m.id);
          tokens.set(m.id, grant.token);
          navigate(`/play/${m.id}`);
        } catch (err) {
          e.target.replaceWith(h('span', { class: 'error' }, err.message));
        }
      },
    }, 'Join'));
  }
  if (m.status === 'finished') actions.push(h('a', { class: 'button', href: `/replay/${m.id}` }, 'Replay'));
  else actions.push(h('a', { class: 'button', href: `/play/${m.id}` }, 'Watch'));
  return h('li', { class: 'match-item' },
    h('div', {}, h('strong', {}, `${title}${scenario ? ` — ${scenario}` : ''}`), ' ',
      outcome ? h('span', { class: 'winner', 'data-winner': (m.result?.winners ?? []).join(',') }, `${outcome} · `) : null,
      h('small', {}, `${m.moves} move${m.moves === 1 ? '' : 's'} · ${seats}`)),
    h('div', { class: 'buttons' }, actions));
}

export async function mount(root, { navigate }) {
  document.title = 'Gridwright — lobby';
  const form = h('form', { class: 'create', 'aria-labelledby': 'create-h' });
  const gamesBox = h('fieldset', {}, h('legend', {}, 'Game'));
  const scenBox = h('fieldset', { class: 'scenarios' }, h('legend', {}, 'Scenario'));
  const seatBox = h('fieldset', { class: 'seats' }, h('legend', {}, 'Players'));
  const delay = h('input', { type: 'number', id: 'ai-delay', name: 'ai-delay', min: 0, max: 60000, step: 10, placeholder: 'server default' });
  const message = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', id: 'create-match' }, 'Create match');
  const howto = h('span', { class: 'howto-slot' });
  installTooltips();
  form.append(gamesBox, scenBox, seatBox,
    h('details', { class: 'advanced' }, h('summary', {}, 'More options'),
      h('label', { for: 'ai-delay' }, 'AI move delay (ms) '), delay),
    h('div', { class: 'buttons create-bar' }, submit, howto), message);
  const lists = Object.fromEntries(['open', 'running', 'finished'].map((st) => [st, h('ul', { class: 'match-list', 'aria-live': 'off' })]));
  replace(root,
    h('div', { class: 'lobby' },
      h('section', { class: 'panel' }, h('h1', { id: 'create-h' }, 'New match'), form),
      h('section', { class: 'panel' },
        h('h2', {}, 'Open matches'), lists.open,
        h('h2', {}, 'Running'), lists.running,
        h('h2', {}, 'Finished'), lists.finished)));

  let games = [];
  let game = null;
  let scenario = null;

  // Which pick is the latest: a pick whose view or previews arrive after a later pick's (the
  // first game's, drawn at load, while the player has already chosen another) draws nothing.
  let picks = 0;
  async function pickGame(g) {
    const mine = ++picks;
    game = g;
    const view = await viewFor(g.name);
    if (mine !== picks) return;
    // A view may offer more than How to play beside Create (Starcore: the deck browser).
    replace(howto, howToButton(g.name, g.title, 'lobby-howto'), view.extraButtons?.('lobby-decks') ?? null);
    const scs = g.scenarios ?? [];
    const cards = await Promise.all(scs.map((sc, i) => scenarioCard(g, sc, i === 0, (x) => { scenario = x; pickSeats(); })));
    if (mine !== picks) return;
    scenario = scs[0] ?? null;
    replace(scenBox, h('legend', {}, 'Scenario'), cards);
    if (g.content_error) scenBox.append(h('p', { class: 'error' }, g.content_error));
    pickSeats();
  }

  function pickSeats() {
    const n = scenario?.seats ?? game.min_seats ?? 2;
    replace(seatBox, h('legend', {}, 'Players'), seatRows(game, n));
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    message.textContent = '';
    const picks = [...seatBox.querySelectorAll('select')].map((s) => s.value);
    const seats = picks.map((v, i) => {
      if (v === 'ai:custom') return { kind: 'ai', agent: seatBox.querySelector(`#spec-${i}`).value.trim() || 'mcts' };
      return v.startsWith('ai:') ? { kind: 'ai', agent: v.slice(3) } : { kind: v };
    });
    const req = { game: game.name, seats, hotseat: picks.filter((v) => v === 'human').length > 1 };
    if (scenario) req.scenario = scenario.name;
    if (delay.value !== '') req.ai_delay_ms = Number(delay.value);
    submit.disabled = true;
    try {
      const created = await api.create(req);
      const id = created.match.id;
      const grant = created.seats?.[0];
      // The seat token stays in this browser's store, out of the address bar.
      if (grant) tokens.set(id, grant.token);
      // So is the creator token, which lets this browser abort the match.
      if (created.creator_token) creatorTokens.set(id, created.creator_token);
      navigate(`/play/${id}`);
    } catch (err) {
      message.textContent = err.message;
      submit.disabled = false;
    }
  });

  async function refreshLists() {
    for (const [status, ul] of Object.entries(lists)) {
      try {
        const { matches } = await api.matches(status, status === 'finished' ? 10 : 20);
        replace(ul, matches.length ? matches.map((m) => matchItem(m, navigate, games.find((g) => g.name === m.game))) : h('li', { class: 'muted' }, 'None.'));
      } catch (err) {
        replace(ul, h('li', { class: 'error' }, err.message));
      }
    }
  }

  try {
    ({ games } = await api.games());
    replace(gamesBox, h('legend', {}, 'Game'), games.map((g, i) => gameCard(g, i === 0, pickGame)));
    if (games[0]) await pickGame(games[0]);
  } catch (err) {
    message.textContent = `Cannot load games: ${err.message}`;
  }
  await refreshLists();
  const timer = setInterval(refreshLists, 5000);
  return () => clearInterval(timer);
}
