// The pre-rendered first screen of a page `glossa host` writes (`<div data-glossa-item=ID>`
// holding the item's screen as HTML, rendered by the widget's own components). Written into
// the page's head by `glossa host` (allowed by its hash in the page's policy), so it runs
// before the screen is parsed, and only in such pages: the widget's other pages never have it.
//
// Until the widget takes the screen over, the participant's choices and typed text live in the
// page's own form fields, and this script keeps every click and key, in order, in
// `window.glossaEarly`; `glossa.js`'s `mount()` then calls `glossaTakeOver` (below), which does
// them again on the widget: nothing done early is lost.
(() => {
  // (Once per page: a page `glossa host` wrote has it in its head, `mount()` may import it too.)
  if (window.glossaTakeOver) return;
  const log = (window.glossaEarly ??= []);
  const root = (node) => node?.closest?.('[data-glossa-item]') ?? null;
  /** Element indices from `top` down to `node` (null when it is not inside). Elements only:
   *  the page's parser may join text nodes the widget keeps apart. */
  const pathOf = (top, node) => {
    const steps = [];
    let n = node;
    for (; n && n !== top; n = n.parentNode) steps.unshift(Array.prototype.indexOf.call(n.parentNode?.children ?? [], n));
    return n === top ? steps : null;
  };
  /** What an element is, whichever widget instance drew it: its tag and its id (or test id)
   *  without the instance. A step done again lands only on an element that is the same. */
  const sig = (node) => `${node?.tagName}#${(node?.id || node?.dataset?.testid || '').replace(/^glossa\d+/, '')}`;
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
    log.push({ type: 'click', path: pathOf(top, e.target), sig: sig(e.target) });
  }, true);
  // The screen's form is the widget's: it is never sent by the browser itself.
  addEventListener('submit', (e) => { if (root(e.target)) e.preventDefault(); }, true);
  addEventListener('keydown', (e) => {
    const onBody = e.target === document.body;
    const top = root(e.target) ?? (onBody ? document.querySelector('[data-glossa-item]') : null);
    if (!top || !e.isTrusted || native(e)) return;
    const { key, code, ctrlKey, shiftKey, altKey, metaKey } = e;
    const at = onBody ? top : e.target;
    log.push({ type: 'keydown', path: pathOf(top, at), sig: sig(at), init: { key, code, ctrlKey, shiftKey, altKey, metaKey } });
  }, true);

  /** An item's id (object or JSON), else null. */
  const itemId = (item) => {
    let i = item;
    if (typeof i === 'string') {
      try { i = JSON.parse(i); } catch { return null; }
    }
    return i !== null && typeof i === 'object' && typeof i.id === 'string' ? i.id : null;
  };

  /**
   * Called by `mount()` just before the widget renders into `element`: when `element` holds the
   * pre-rendered screen of `item`, reads what the participant did on it and returns a function
   * that does it again on the widget once it is rendered in the same place — the clicks and
   * keys in order, then the text typed, then the focus — before the browser paints, so nothing
   * moves and nothing done early is lost. `null` (the screen is simply replaced) for another
   * item, a locked, host-submitted or resumed mount when the screen was rendered for an
   * annotator who answers and submits on it (a survey's screen rendered without Submit is taken
   * over by a mount that hides it), or an element without a screen.
   */
  window.glossaTakeOver = (element, item, options) => {
    if (!element.hasAttribute('data-glossa-item')) return null;
    let o = options;
    if (typeof o === 'string') {
      try { o = JSON.parse(o); } catch { o = null; }
    }
    o = typeof o === 'object' && o !== null ? o : {};
    const id = itemId(item);
    // (A screen rendered without Submit, `data-glossa-hide-submit`, is a survey's: its own
    // Next submits, and the mount hides Submit too.)
    const hidden = element.hasAttribute('data-glossa-hide-submit');
    const mine = id !== null && element.dataset.glossaItem === id && !o.readonly && Boolean(o.hideSubmit) === hidden && o.resume == null;
    delete element.dataset.glossaItem;
    element.removeAttribute('data-glossa-hide-submit');
    const done = log.splice(0);
    if (!mine) return null;
    const typed = [...element.querySelectorAll('input, textarea, select')]
      .filter((f) => !['radio', 'checkbox'].includes(f.type) && f.value !== (f.tagName === 'SELECT' ? [...f.options].find((x) => x.defaultSelected)?.value ?? f.options[0]?.value : f.defaultValue))
      .map((f) => ({ path: pathOf(element, f), sig: sig(f), value: f.value }));
    const focused = element.contains(document.activeElement) ? pathOf(element, document.activeElement) : null;
    const replay = (widget) => {
      const at = (steps) => steps?.reduce((n, i) => n?.children[i], widget) ?? null;
      // (The screen itself is the widget's top: an element outside it has no path.)
      const same = (e) => { const node = at(e.path); return node && (e.path.length === 0 || sig(node) === e.sig) ? node : null; };
      for (const e of done) {
        const node = same(e);
        if (!node) continue;
        if (e.type === 'click') node.click?.();
        else node.dispatchEvent(new KeyboardEvent('keydown', { ...e.init, bubbles: true, cancelable: true }));
      }
      for (const t of typed) {
        const node = same(t);
        if (!node) continue;
        node.value = t.value;
        node.dispatchEvent(new Event('input', { bubbles: true }));
        node.dispatchEvent(new Event('change', { bubbles: true }));
      }
      at(focused)?.focus?.({ preventScroll: true });
    };
    // Done once `mount()`'s caller has its handle (a Submit done again reaches a host that can
    // confirm it): a few turns of the microtask queue later, still before any paint.
    return (widget) => {
      let turns = Promise.resolve();
      for (let i = 0; i < 8; i += 1) turns = turns.then();
      turns.then(() => replay(widget));
    };
  };

  // The screen is taken away when it is not the one this participant is shown: the pilot runner
  // and the JATOS component note the item they show (`glossa:first-screen:` + the page's
  // address); a study link may start at another item (`item=`: a number or an id).
  const check = () => {
    const screen = document.querySelector('[data-glossa-item]');
    if (!screen) return;
    let at = null;
    try { at = localStorage.getItem(`glossa:first-screen:${location.pathname}${location.search}`); } catch { /* no storage */ }
    const query = new URLSearchParams(location.search);
    const start = query.get('item');
    const id = screen.dataset.glossaItem;
    // An MTurk HIT previewed before it is accepted shows the item locked: not this screen.
    const preview = query.get('assignmentId') === 'ASSIGNMENT_ID_NOT_AVAILABLE';
    if (preview || (at !== null ? at !== id : start !== null && start !== '1' && start !== id)) {
      screen.replaceChildren();
      delete screen.dataset.glossaItem;
    }
  };
  // What the widget needs to take over is asked for once the screen is on screen (not before:
  // it would compete with the first paint), all at once rather than one after another as the
  // page's modules would ask: the build's code, the study's files the page names, the strings.
  const fetchBuild = () => requestAnimationFrame(() => setTimeout(() => {
    const build = document.querySelector('[data-glossa-build]')?.dataset.glossaBuild;
    if (!build) return;
    const { spec, items, plan } = document.body.dataset;
    const wanted = [['modulepreload', `${build}glossa.js`], ['preload', `${build}glossa_bg.wasm`], ['preload', `${build}../../strings/en.json`],
      ...[spec, items, plan].filter(Boolean).map((f) => ['preload', f])];
    for (const [rel, href] of wanted) {
      const link = Object.assign(document.createElement('link'), { rel, href });
      if (rel === 'preload') { link.as = 'fetch'; link.crossOrigin = 'anonymous'; }
      document.head.append(link);
    }
  }));
  const start = () => { check(); fetchBuild(); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
