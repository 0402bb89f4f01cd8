// The pre-rendered first screen of a page `glossa host` writes (`<div data-glossa-item=ID>`
// holding the item's screen as HTML): loaded in the page's head, before the screen (fetched
// beside the stylesheet, which holds the first paint back anyway). It keeps what the participant does on the screen before the widget has
// taken it over — every click and key, in order — in `window.glossaEarly`, for `glossa.js` to
// do again on the widget (`mount()`): nothing done early is lost. Choices and typed text live in
// the page's own form fields meanwhile. A participant coming back to a later item (the pilot
// runner keeps where they are) does not see the first item's screen: it is taken away.
(() => {
  const log = (window.glossaEarly ??= []);
  const root = (node) => node?.closest?.('[data-glossa-item]') ?? null;
  /** Child indices from the screen's element down to `node`. */
  const path = (top, node) => {
    const steps = [];
    for (let n = node; n && n !== top; n = n.parentNode) steps.unshift(Array.prototype.indexOf.call(n.parentNode.children, n));
    return steps;
  };
  const TEXT = /^(text|search|email|url|tel|number|password|date|time|datetime-local|month|week)$/;
  /** Whether the browser itself acts on this key here (typing, ticking, pressing): then the
   *  field's state or the click that follows is what is kept, not the key. */
  const native = (e) => {
    const t = e.target;
    if (t.isContentEditable || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
    if (t.tagName === 'INPUT') return TEXT.test(t.type) || [' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter'].includes(e.key);
    if (t.tagName === 'BUTTON' || t.tagName === 'SUMMARY' || t.tagName === 'A') return e.key === 'Enter' || e.key === ' ';
    return e.key === 'Tab';
  };
  addEventListener('click', (e) => {
    const top = root(e.target);
    if (!top || !e.isTrusted) return;
    // A click on a label's text is followed by the browser's click on its field: that one is kept.
    if (e.target.closest('label') && !e.target.matches('input, select, textarea, button')) return;
    log.push({ type: 'click', path: path(top, e.target) });
  }, true);
  // The screen's form is the widget's: it is never sent by the browser itself.
  addEventListener('submit', (e) => { if (root(e.target)) e.preventDefault(); }, true);
  addEventListener('keydown', (e) => {
    const top = root(e.target) ?? (e.target === document.body ? document.querySelector('[data-glossa-item]') : null);
    if (!top || !e.isTrusted || native(e)) return;
    const { key, code, ctrlKey, shiftKey, altKey, metaKey } = e;
    log.push({ type: 'keydown', path: path(top, e.target === document.body ? top : e.target), init: { key, code, ctrlKey, shiftKey, altKey, metaKey } });
  }, true);

  // The pilot runner notes the item it shows (`glossa:first-screen:` + the page's address).
  const check = () => {
    const screen = document.querySelector('[data-glossa-item]');
    if (!screen) return;
    let at = null;
    try { at = localStorage.getItem(`glossa:first-screen:${location.pathname}${location.search}`); } catch { /* no storage */ }
    const start = new URLSearchParams(location.search).get('item');
    if (at !== null ? at !== screen.dataset.glossaItem : start !== null && start !== '1') {
      screen.replaceChildren();
      delete screen.dataset.glossaItem;
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', check);
  else check();
})();
