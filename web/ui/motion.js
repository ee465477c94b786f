// Motion: pieces slide along a path, and the player's motion preference. Every animation here
// is skipped when the person prefers reduced motion (`prefers-reduced-motion: reduce`) or
// turned motion off (localStorage `gridwright.motion` = `off`); the end state is drawn either way.

/** Whether to leave motion out. */
export function reducedMotion() {
  try {
    if (localStorage.getItem('gridwright.motion') === 'off') return true;
  } catch { /* no storage */ }
  return Boolean(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

/**
 * Slides `el` (an SVG group drawn at its final place) through `points` ([x, y] in the same
 * units, the last being where it is drawn), `stepMs` per step. Resolves when done.
 * @param {Element} el
 * @param {Array<number[]>} points
 * @param {{stepMs?: number, delay?: number}} [opts]
 */
export function slide(el, points, { stepMs = 220, delay = 0 } = {}) {
  if (reducedMotion() || points.length < 2 || !('animate' in el)) return Promise.resolve();
  const [ex, ey] = points[points.length - 1];
  const frames = points.map(([x, y]) => ({ translate: `${x - ex}px ${y - ey}px` }));
  const a = /** @type {any} */ (el).animate(frames, { duration: stepMs * (points.length - 1), delay, easing: 'ease-in-out', fill: 'backwards' });
  return a.finished.then(() => {}, () => {});
}

/**
 * Plays tracks of several pieces one step after another: `steps` is a list of
 * `{el, from: [x, y], to: [x, y], rotate?: [a, b]}`, in order; each piece holds its place
 * between its own steps. Resolves when the last step ends.
 * A step may also turn a part: `spin: {el, deg, origin: [x, y]}` turns `el` from `deg` degrees
 * back to where it is drawn, about `origin`.
 * @param {Array<{el: Element, from: number[], to: number[], spin?: {el: Element, deg: number, origin: number[]}}>} steps
 * @param {{stepMs?: number}} [opts]
 */
export function playSteps(steps, { stepMs = 300 } = {}) {
  if (reducedMotion() || !steps.length) return Promise.resolve();
  const total = steps.length * stepMs;
  const byEl = new Map();
  steps.forEach((st, i) => {
    if (!byEl.has(st.el)) byEl.set(st.el, []);
    byEl.get(st.el).push({ ...st, i });
  });
  const done = [];
  for (const [el, list] of byEl) {
    if (!('animate' in el)) continue;
    const end = list[list.length - 1].to;
    const off = ([x, y]) => `${x - end[0]}px ${y - end[1]}px`;
    const frames = [{ translate: off(list[0].from), offset: 0 }];
    for (const st of list) {
      frames.push({ translate: off(st.from), offset: (st.i * stepMs) / total });
      frames.push({ translate: off(st.to), offset: ((st.i + 1) * stepMs) / total });
    }
    frames.push({ translate: '0px 0px', offset: 1 });
    // Offsets must not go down; equal ones are fine.
    const a = /** @type {any} */ (el).animate(frames, { duration: total, easing: 'linear', fill: 'backwards' });
    done.push(a.finished.catch(() => {}));
  }
  steps.forEach((st, i) => {
    const sp = st.spin;
    if (!sp || !('animate' in sp.el) || !sp.deg) return;
    const el = /** @type {any} */ (sp.el);
    el.style.transformOrigin = `${sp.origin[0]}px ${sp.origin[1]}px`;
    el.style.transformBox = 'view-box';
    const a = el.animate([{ rotate: `${sp.deg}deg` }, { rotate: '0deg' }], { duration: stepMs, delay: i * stepMs, easing: 'ease-in-out', fill: 'backwards' });
    done.push(a.finished.catch(() => {}));
  });
  return Promise.all(done).then(() => {});
}

/** Drops `el` from `dy` units above its place (Connect Four's disc), bouncing once. */
export function drop(el, dy, { ms = 420 } = {}) {
  if (reducedMotion() || !('animate' in el)) return Promise.resolve();
  const a = /** @type {any} */ (el).animate([
    { translate: `0px ${-dy}px` },
    { translate: '0px 0px', offset: 0.75 },
    { translate: `0px ${-Math.min(12, dy / 6)}px`, offset: 0.88 },
    { translate: '0px 0px' },
  ], { duration: ms, easing: 'ease-in', fill: 'backwards' });
  return a.finished.then(() => {}, () => {});
}
