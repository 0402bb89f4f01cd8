// The studio's "try as a participant": the first items in the pilot runner's participant mode,
// each result shown as the host received it.
import { $ } from './common.js';
import { state } from './store.js';

/** Wires the try pane; `cx` gives `currentItem()` and `previewItem(item)` (its media playable here). */
export function setupTry(cx) {
  const tryFrame = $('try-frame');
  window.studioTried = [];
  $('try-start').addEventListener('click', () => {
    const n = Math.max(1, Math.floor(Number($('try-count').value) || 3));
    const items = (state.items.length ? state.items : [cx.currentItem()]).slice(0, n).map((i) => cx.previewItem(i));
    const url = (text) => URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const spec = url(state.specText);
    const list = url(JSON.stringify(items));
    window.studioTried = [];
    tryFrame.hidden = false;
    tryFrame.src = `../index.html?spec=${encodeURIComponent(spec)}&items=${encodeURIComponent(list)}&participant=studio-try-${Date.now()}`;
    tryFrame.scrollIntoView({ block: 'start' });
  });
  tryFrame.addEventListener('load', () => {
    tryFrame.contentDocument?.addEventListener('glossa:submit', (e) => {
      window.studioTried.push(e.detail);
      showTried();
    });
  });

  function showTried() {
    let box = $('try-results');
    if (!box) {
      box = document.createElement('div');
      box.id = 'try-results';
      box.setAttribute('aria-label', 'Results of the try');
      box.setAttribute('role', 'region');
      tryFrame.after(box);
    }
    box.replaceChildren();
    for (const [k, r] of window.studioTried.entries()) {
      const d = document.createElement('details');
      const sum = document.createElement('summary');
      sum.textContent = `Result ${k + 1}: item ${r.item_id}`;
      const pre = document.createElement('pre');
      pre.textContent = JSON.stringify(r, null, 2);
      pre.tabIndex = 0;
      d.append(sum, pre);
      box.append(d);
    }
  }
}
