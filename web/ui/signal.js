// Turn signals: the tab title and favicon show when it is this browser's turn; an optional
// sound (off by default, `gridwright.sound` = `on`) plays when a turn starts.

import { tabTitle } from './model.js';

const icon = (fill, dot) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><polygon points="5,2 15,2 20,10 15,18 5,18 0,10" fill="${fill}"/>${dot ? '<circle cx="15" cy="5" r="5" fill="#d92b2b"/>' : ''}</svg>`)}`;
const IDLE = icon('#3b5bdb', false);
const TURN = icon('#3b5bdb', true);

function favicon(href) {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.href !== href) link.href = href;
}

export const soundOn = () => {
  try {
    return localStorage.getItem('gridwright.sound') === 'on';
  } catch {
    return false;
  }
};

export function setSound(on) {
  try {
    localStorage.setItem('gridwright.sound', on ? 'on' : 'off');
  } catch { /* no storage */ }
}

let audio = null;
function chime() {
  try {
    audio ??= new AudioContext();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.4);
  } catch { /* no audio */ }
}

let wasMine = false;
/** Shows the turn in the title and favicon; chimes (if wanted) when a turn of mine starts. */
export function signalTurn(base, { myTurn, finished }) {
  document.title = tabTitle(base, { myTurn, finished });
  favicon(myTurn && !finished ? TURN : IDLE);
  if (myTurn && !wasMine && soundOn()) chime();
  wasMine = myTurn && !finished;
}

/** Back to the plain title and icon (leaving a match). */
export function clearSignal() {
  favicon(IDLE);
  wasMine = false;
}
