//! Bindings to the browser's CSS Custom Highlight API and caret hit-testing (a small JS
//! snippet): span texts are plain text nodes (one per paragraph), and highlights are Range objects painted by
//! `::highlight(...)` rules — a tap changes one Highlight, it re-renders no text.
//!
//! Where the API is missing (Safari before 17.2, Firefox before 140), the same ranges are
//! painted by a fallback: a layer of boxes behind nothing (`pointer-events: none`) at the end of
//! the text's container, one box per line of each range, styled like the highlights
//! (`.glossa-fb-…` in `www/glossa.css`), redrawn when ranges change or the text reflows.
//! Build family: marking, labels (the `labels` and `full` builds; `scripts/css_for_build.py` reads this line).

use wasm_bindgen::prelude::*;
use web_sys::Element;

#[wasm_bindgen(inline_js = r#"
const owners = new Map(); // highlight name -> Map(owner -> Range[])
const starts = new WeakMap(); // container -> UTF-16 start of each paragraph element
// The text is split into paragraph elements, one text node each; offsets are global UTF-16.
// `list` is a view into wasm memory: copy it.
export function glossa_set_paragraphs(container, list) { starts.set(container, Array.from(list)); }
function locate(container, offset) {
  const list = starts.get(container) || [0];
  let lo = 0, hi = list.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (list[mid] <= offset) lo = mid; else hi = mid - 1; }
  const el = container.children[lo];
  const t = el && el.firstChild;
  if (!t) return null;
  return [t, Math.min(offset - list[lo], t.length)];
}
function globalOffset(container, node, offset) {
  const el = node && node.parentElement;
  if (!el || el.parentElement !== container) return -1;
  const i = Array.prototype.indexOf.call(container.children, el);
  const list = starts.get(container) || [0];
  return (list[i] ?? 0) + offset;
}
export function glossa_supported() {
  return typeof CSS !== 'undefined' && !!CSS.highlights && typeof Highlight !== 'undefined';
}
// The fallback painter: ranges by name as above, drawn as boxes in a layer per container.
const painted = new Set(); // containers with a fallback layer
const watched = new WeakSet();
function fallbackPaint(container) {
  if (!container.isConnected) { painted.delete(container); return; }
  painted.add(container);
  container.dataset.glossaFallback = '';
  let layer = container.querySelector(':scope > .glossa-fb-layer');
  if (!layer) {
    layer = document.createElement('div');
    layer.className = 'glossa-fb-layer';
    layer.setAttribute('aria-hidden', 'true');
  }
  if (container.lastElementChild !== layer) container.appendChild(layer); // stays last: paragraphs keep their indices
  const box = container.getBoundingClientRect();
  const dx = container.scrollLeft - box.left - container.clientLeft;
  const dy = container.scrollTop - box.top - container.clientTop;
  const boxes = [];
  // Attribute colours first, then the selection, the keyboard cursor and a jump on top.
  const order = [...owners.keys()].sort((a, b) => (/^glossa-a\d/.test(b) ? 1 : 0) - (/^glossa-a\d/.test(a) ? 1 : 0));
  for (const name of order) {
    for (const ranges of owners.get(name).values()) {
      for (const r of ranges) {
        if (!container.contains(r.startContainer)) continue;
        for (const b of r.getClientRects()) {
          if (b.width <= 0) continue;
          const d = document.createElement('div');
          d.className = `glossa-fb glossa-fb-${name}`;
          d.style.cssText = `left:${b.left + dx}px;top:${b.top + dy}px;width:${b.width}px;height:${b.height}px`;
          boxes.push(d);
        }
      }
    }
  }
  layer.replaceChildren(...boxes);
  if (!watched.has(container) && typeof ResizeObserver !== 'undefined') {
    watched.add(container);
    new ResizeObserver(() => fallbackPaint(container)).observe(container);
  }
}
export function glossa_set_ranges(name, owner, container, offsets) {
  const fallback = !glossa_supported();
  let byOwner = owners.get(name);
  if (!byOwner) { byOwner = new Map(); owners.set(name, byOwner); }
  const ranges = [];
  for (let i = 0; i + 1 < offsets.length; i += 2) {
    const a = locate(container, offsets[i]), b = locate(container, offsets[i + 1]);
    if (!a || !b) continue;
    try {
      const r = document.createRange();
      r.setStart(a[0], a[1]);
      r.setEnd(b[0], b[1]);
      ranges.push(r);
    } catch (e) { /* a stale offset: skip the range rather than break the widget */ }
  }
  if (ranges.length) byOwner.set(owner, ranges); else byOwner.delete(owner);
  if (fallback) { fallbackPaint(container); return; }
  const all = [...byOwner.values()].flat();
  if (all.length) CSS.highlights.set(name, new Highlight(...all)); else CSS.highlights.delete(name);
}
export function glossa_forget(owner) {
  const fallback = !glossa_supported();
  for (const [name, byOwner] of owners) {
    if (byOwner.delete(owner) && !fallback) {
      const all = [...byOwner.values()].flat();
      if (all.length) CSS.highlights.set(name, new Highlight(...all)); else CSS.highlights.delete(name);
    }
  }
  if (fallback) for (const c of [...painted]) fallbackPaint(c);
}
function onChar(t, i, x, y) {
  if (i < 0 || i >= t.length) return false;
  const r = document.createRange();
  r.setStart(t, i); r.setEnd(t, i + 1);
  for (const b of r.getClientRects()) if (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) return true;
  return false;
}
export function glossa_hit(container, x, y) {
  let node = null, offset = 0;
  if (document.caretPositionFromPoint) {
    const p = document.caretPositionFromPoint(x, y);
    if (p) { node = p.offsetNode; offset = p.offset; }
  } else if (document.caretRangeFromPoint) {
    const r = document.caretRangeFromPoint(x, y);
    if (r) { node = r.startContainer; offset = r.startOffset; }
  }
  if (!node || node.nodeType !== 3) return -1;
  const t = node;
  let local = Math.min(offset, Math.max(t.length - 1, 0));
  if (onChar(t, offset, x, y)) local = offset;
  else if (onChar(t, offset - 1, x, y)) local = offset - 1;
  return globalOffset(container, t, local);
}
export function glossa_take_selection(container) {
  const s = window.getSelection && window.getSelection();
  if (!s || s.isCollapsed || s.rangeCount === 0) return new Uint32Array(0);
  const r = s.getRangeAt(0);
  if (!r.intersectsNode(container)) return new Uint32Array(0);
  const total = (starts.get(container) || [0]).length ? container.textContent.length : 0;
  let start = globalOffset(container, r.startContainer, r.startOffset);
  let end = globalOffset(container, r.endContainer, r.endOffset);
  if (start < 0) start = r.comparePoint(container, 0) >= 0 ? 0 : total;
  if (end < 0) end = r.comparePoint(container, container.childNodes.length) <= 0 ? total : 0;
  s.removeAllRanges();
  return end > start ? new Uint32Array([start, end]) : new Uint32Array(0);
}
// Label tags: each span's label name, drawn just above its first line in a layer of the
// container (no pointer events), dropped where it would cover another tag.
const tagsBy = new Map(); // container -> Map(owner -> [{a, b, name, style}])
const tagWatched = new WeakSet();
function tagPaint(container) {
  if (!container.isConnected) { tagsBy.delete(container); return; }
  let layer = container.querySelector(':scope > .glossa-tag-layer');
  const all = [...(tagsBy.get(container) || new Map()).values()].flat();
  if (!all.length) { if (layer) layer.remove(); return; }
  if (!layer) {
    layer = document.createElement('div');
    layer.className = 'glossa-tag-layer';
    layer.setAttribute('aria-hidden', 'true');
    container.appendChild(layer);
  }
  const box = container.getBoundingClientRect();
  const dx = container.scrollLeft - box.left - container.clientLeft;
  const dy = container.scrollTop - box.top - container.clientTop;
  const tags = [];
  for (const t of all) {
    const a = locate(container, t.a), b = locate(container, t.b);
    if (!a || !b) continue;
    const r = document.createRange();
    try { r.setStart(a[0], a[1]); r.setEnd(b[0], b[1]); } catch (e) { continue; }
    const first = [...r.getClientRects()].find(x => x.width > 0);
    if (!first) continue;
    const d = document.createElement('span');
    d.className = `glossa-tag glossa-c${t.style}`;
    d.textContent = t.name;
    d.style.left = `${first.left + dx}px`;
    d.style.top = `${first.top + dy}px`;
    tags.push(d);
  }
  layer.replaceChildren(...tags);
  const placed = [];
  for (const d of tags) {
    const r = d.getBoundingClientRect();
    const clash = placed.some(p => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom);
    if (clash || r.right > box.right + 1) d.remove(); else placed.push(r);
  }
  if (!tagWatched.has(container) && typeof ResizeObserver !== 'undefined') {
    tagWatched.add(container);
    new ResizeObserver(() => tagPaint(container)).observe(container);
  }
}
export function glossa_set_tags(owner, container, offsets, names, styles) {
  let byOwner = tagsBy.get(container);
  if (!byOwner) { byOwner = new Map(); tagsBy.set(container, byOwner); }
  const list = names ? names.split('\u001f') : [];
  const tags = [];
  for (let i = 0; i < list.length && 2 * i + 1 < offsets.length; i++) {
    tags.push({ a: offsets[2 * i], b: offsets[2 * i + 1], name: list[i], style: styles[i] });
  }
  if (tags.length) byOwner.set(owner, tags); else byOwner.delete(owner);
  tagPaint(container);
}
export function glossa_keep_clear(container, start, end) {
  const a = locate(container, start), b = locate(container, end);
  if (!a || !b) return;
  const r = document.createRange();
  r.setStart(a[0], a[1]); r.setEnd(b[0], b[1]);
  let rects = r.getClientRects();
  if (!rects.length) return;
  // The bar follows the text in the page's flow (it never lies over a word), and the text
  // scrolls inside its box. A selection whose last line is mostly out of the box's view (the
  // keyboard's cursor moved on) is scrolled into it, then into the screen. Nothing else moves
  // the page, not even to show the bar: a word tapped where it was seen has its middle on
  // screen, and moving the text before the pick's next tap (a tap's selection may grow with
  // the next) would put another word under the finger.
  const view = container.getBoundingClientRect();
  let last = rects[rects.length - 1];
  const mid = (last.top + last.bottom) / 2;
  if (mid > view.bottom) container.scrollTop += last.bottom + 8 - view.bottom;
  else if (mid < view.top) container.scrollTop -= view.top - last.top + 8;
  rects = r.getClientRects();
  last = rects[rects.length - 1];
  const first = rects[0];
  const below = (last.top + last.bottom) / 2 > window.innerHeight;
  const over = below ? last.bottom + 12 - window.innerHeight : 0;
  if (over > 0) window.scrollBy({ top: Math.min(over, Math.max(0, first.top - 8)) });
}
export function glossa_scroll_to(container, start, end) {
  const a = locate(container, start), b = locate(container, end);
  if (!a || !b) return;
  a[0].parentElement.scrollIntoView({ block: 'center' });
  const r = document.createRange();
  r.setStart(a[0], a[1]); r.setEnd(b[0], b[1]);
  // Within the text's own box (a paragraph taller than it), then on the page.
  const view = container.getBoundingClientRect(), at = r.getBoundingClientRect();
  if (at.top < view.top || at.bottom > view.bottom) container.scrollTop += at.top - view.top - view.height / 3;
  const top = r.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 40) window.scrollBy({ top: top - window.innerHeight / 3 });
}
"#)]
extern "C" {
    /// Whether the browser paints custom highlights.
    #[wasm_bindgen(js_name = glossa_supported)]
    pub fn supported() -> bool;
    /// Sets the ranges (UTF-16 start/end pairs in the container's text) of one owner under a
    /// highlight name; other owners' ranges under the same name are kept.
    #[wasm_bindgen(js_name = glossa_set_ranges)]
    pub fn set_ranges(name: &str, owner: u32, container: &Element, offsets: &[u32]);
    /// Removes every range of an owner.
    #[wasm_bindgen(js_name = glossa_forget)]
    pub fn forget(owner: u32);
    /// The UTF-16 offset of the character at a point in the container's text, or -1.
    #[wasm_bindgen(js_name = glossa_hit)]
    pub fn hit(container: &Element, x: f64, y: f64) -> i32;
    /// Takes (and clears) a mouse selection inside the container: `[start, end]` in UTF-16, or
    /// empty when there is none.
    #[wasm_bindgen(js_name = glossa_take_selection)]
    pub fn take_selection(container: &Element) -> Vec<u32>;
    /// Tells the snippet where each paragraph element starts (UTF-16 offsets in the text).
    #[wasm_bindgen(js_name = glossa_set_paragraphs)]
    pub fn set_paragraphs(container: &Element, starts: &[u32]);
    /// Draws label tags over the container's text: the UTF-16 start/end pairs of each span,
    /// their names joined by U+001F, and each one's style index.
    #[wasm_bindgen(js_name = glossa_set_tags)]
    pub fn set_tags(owner: u32, container: &Element, offsets: &[u32], names: &str, styles: &[u32]);
    /// Keeps a range of the container's text in view: inside the text's box, then on the
    /// screen (a keyboard's cursor that moved on out of view).
    #[wasm_bindgen(js_name = glossa_keep_clear)]
    pub fn keep_clear(container: &Element, start: u32, end: u32);
    /// Scrolls a range of the container's text into view.
    #[wasm_bindgen(js_name = glossa_scroll_to)]
    pub fn scroll_to(container: &Element, start: u32, end: u32);
}

/// Number of distinct attribute styles (`::highlight(glossa-a0)` … `glossa-a14`, and the
/// legend swatches `.glossa-c0` … `.glossa-c14` in `www/glossa.css`): eight colours crossed with
/// fifteen line shapes (under, over, or both; solid, dashed, dotted, wavy, double), so that no
/// two of the first fifteen attributes look alike, with or without colour vision.
pub const PALETTE: usize = 15;
