// Tiny DOM helpers: build HTML and SVG elements from a tag, attributes and children.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.filter(Boolean).join(' ') : v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    // Through the CSSOM, which the Content-Security-Policy allows (a `style` attribute it refuses).
    else if (k === 'style') el.style.cssText = String(v);
    else if (k in el && typeof el[k] !== 'function' && !(el instanceof SVGElement)) el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of [children].flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: `h('button', {class: 'x', onclick}, 'Go')`. */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: `s('circle', {cx: 1, cy: 2, r: 3})`. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replaces the children of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return fill(el, {}, children);
}

/** Activates `handler` on click and on Enter/Space, for SVG elements that act as buttons. */
export function pressable(el, handler) {
  el.addEventListener('click', handler);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      handler(e);
    }
  });
  return el;
}

/**
 * An AI seat as players read it: its strength (`AI: Hard`) when its agent spec is one of the
 * game's strengths (`/api/games`), else the spec an expert gave (`AI (mcts:iters=500)`).
 * @param {string | null | undefined} agent
 * @param {Array<{title: string, agent: string}> | undefined} strengths
 */
export function aiLabel(agent, strengths) {
  const s = (strengths ?? []).find((x) => x.agent === agent);
  return s ? `AI: ${s.title}` : `AI (${agent ?? 'random'})`;
}

/** Seat labels as the engine prints them (`P1`, `P2`). */
export const seatName = (seat) => `P${Number(seat) + 1}`;
