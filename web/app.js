// The client's shell: routes the URL to the lobby, a match or a replay, and keeps links inside
// the page. Plain ES modules, served as they are by the Gridwright server; no build step.

/** @type {Array<[RegExp, () => Promise<{mount: Function}>]>} */
const ROUTES = [
  [/^\/$/, () => import('./lobby.js')],
  [/^\/play\/([0-9a-f]{16})\/?$/, () => import('./match.js')],
  [/^\/replay\/([0-9a-f]{16})\/?$/, () => import('./replay.js')],
  [/^\/lab(?:\/([0-9a-f]{16}))?\/?$/, () => import('./lab.js')],
];

const main = document.getElementById('main');
const announcer = document.getElementById('announcer');
let unmount = null;
let generation = 0;

/** Reads `text` to screen-reader users through the polite live region. */
function announce(text) {
  if (!text) return;
  announcer.textContent = '';
  // A fresh text node each time, so repeated messages are read again.
  setTimeout(() => {
    announcer.textContent = text;
  }, 30);
}

function navigate(url, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  route();
}

async function route() {
  // Old-style links (`#/match/<id>?token=…`) still work; the match page stores the token and
  // takes it out of the address bar.
  const old = /^#\/match\/([0-9a-f]{16})(?:\?token=([0-9a-f]+))?/.exec(location.hash);
  if (old) {
    history.replaceState(null, '', `/play/${old[1]}${old[2] ? `#token=${old[2]}` : ''}`);
  }
  const mine = ++generation;
  unmount?.();
  unmount = null;
  const path = location.pathname;
  const found = ROUTES.map(([re, load]) => /** @type {const} */ ([re.exec(path), load])).find(([m]) => m);
  main.replaceChildren();
  main.setAttribute('aria-busy', 'true');
  try {
    if (!found) {
      main.innerHTML = '<section class="panel"><h1>Not found</h1><p><a href="/">Back to the lobby</a></p></section>';
      return;
    }
    const [m, load] = found;
    const page = await load();
    if (mine !== generation) return;
    const cleanup = await page.mount(main, { id: m[1], navigate, announce });
    if (mine !== generation) cleanup?.();
    else unmount = cleanup;
  } catch (e) {
    main.textContent = `Something went wrong: ${e.message}`;
  } finally {
    main.removeAttribute('aria-busy');
  }
}

document.addEventListener('click', (e) => {
  const a = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (e.target).closest?.('a[href]'));
  if (!a || a.target || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  e.preventDefault();
  if (url.pathname === location.pathname && url.hash !== location.hash) {
    history.pushState(null, '', url.href);
    route();
    return;
  }
  navigate(url.pathname + url.search + url.hash);
});
window.addEventListener('popstate', route);
route();
