// Glossa inside an iframe: the child side of the postMessage protocol (docs/src/hosts/iframe.md).
//
//   <iframe src=".../www/embed.html?parentOrigin=https://survey.example.org">
//
// Messages are objects {glossa: 1, type, ...}. The child posts only to `parentOrigin` and
// accepts messages only from that origin and from its parent window; every incoming payload is
// checked before use. child -> parent: ready, state, result, resize, error (each with `seq` and
// `item_id` of the config it is about). parent -> child: config (optional `seq`), submit, ack.
import { mount } from '../glossa.js';

const PROTOCOL = 1;
const params = new URLSearchParams(location.search);
const parentOrigin = params.get('parentOrigin');
const root = document.getElementById('task');

function fail(message) {
  root.replaceChildren();
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.textContent = `Glossa embed: ${message}`;
  root.append(p);
}

let parentUrl = null;
try {
  parentUrl = parentOrigin && new URL(parentOrigin).origin;
} catch { /* reported below */ }
if (!parentUrl || parentUrl === 'null' || window.parent === window) {
  fail('open this page in an iframe with ?parentOrigin=<the parent page origin>.');
} else {
  start(parentUrl);
}

function start(origin) {
  // The config being shown: its sequence number, the item's id, and where it renders. Every
  // message the frame sends carries `seq` and `item_id` of the config it belongs to, so a
  // parent drops anything that is not about the config it sent last.
  let current = { seq: 0, itemId: null, slot: null, handle: null };
  let configs = 0;
  const pending = new Map(); // sha256 -> handle of a result awaiting its ack
  const post = (type, body = {}, about = current) =>
    window.parent.postMessage({ glossa: PROTOCOL, type, seq: about.seq, item_id: about.itemId, ...body }, origin);

  async function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }

  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const isStringMap = (v) => v === undefined || (isObject(v) && Object.values(v).every((x) => typeof x === 'string'));
  function checkConfig(m) {
    if (m.seq !== undefined && !Number.isSafeInteger(m.seq)) return 'config.seq must be a whole number';
    if (!isObject(m.spec) && typeof m.spec !== 'string') return 'config.spec must be an object or a JSON string';
    if (!isObject(m.item) && typeof m.item !== 'string') return 'config.item must be an object or a JSON string';
    if (m.mode !== undefined && !['live', 'preview', 'readonly'].includes(m.mode)) return 'config.mode must be live, preview or readonly';
    if (!isStringMap(m.ids)) return 'config.ids must map names to strings';
    if (m.seed !== undefined && typeof m.seed !== 'string') return 'config.seed must be a string';
    if (m.resume !== undefined && m.resume !== null && !isObject(m.resume)) return 'config.resume must be a draft object';
    return null;
  }
  function itemIdOf(item) {
    try {
      const id = (typeof item === 'string' ? JSON.parse(item) : item).id;
      return typeof id === 'string' ? id : null;
    } catch { return null; }
  }

  /** Shows one config in a fresh slot; the previous widget goes at once, even mid-load. */
  async function show(m) {
    configs += 1;
    const about = { seq: m.seq ?? configs, itemId: itemIdOf(m.item), slot: document.createElement('div'), handle: null };
    current.handle?.destroy();
    current.slot?.remove();
    current = about;
    root.append(about.slot);
    // Events of this slot speak for this config only; the first `change` comes while mounting,
    // before the handle exists: it is posted (with the draft) once the mount returns.
    let early = null;
    const live = () => current === about;
    about.slot.addEventListener('glossa:change', (e) => {
      if (!live()) return;
      if (about.handle) post('state', { report: e.detail, draft: about.handle.draft() }, about);
      else early = e.detail;
    });
    about.slot.addEventListener('glossa:error', (e) => { if (live()) post('error', { detail: e.detail }, about); });
    about.slot.addEventListener('glossa:submit', async (e) => {
      const json = JSON.stringify(e.detail);
      const hash = await sha256(json);
      pending.set(hash, about.handle);
      post('result', { result: e.detail, json, sha256: hash }, { ...about, itemId: e.detail.item_id });
    });
    const readonly = m.mode === 'preview' || m.mode === 'readonly';
    const handle = await mount(about.slot, {
      spec: m.spec, item: m.item,
      options: { ids: m.ids ?? {}, seed: m.seed, readonly, hideSubmit: m.hideSubmit === true, resume: m.resume ?? undefined },
    });
    if (!live()) { handle.destroy(); return; } // a newer config came while this one loaded
    about.handle = handle;
    if (early) post('state', { report: early, draft: handle.draft() }, about);
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== window.parent) return; // not our parent: ignore
    const m = event.data;
    if (!isObject(m) || m.glossa !== PROTOCOL || typeof m.type !== 'string') return;
    if (m.type === 'config') {
      const problem = checkConfig(m);
      if (problem) { post('error', { message: problem }, { seq: m.seq ?? null, itemId: null }); return; }
      show(m).catch((e) => post('error', { message: `Glossa could not load: ${e?.message ?? e}` }));
    } else if (m.type === 'submit') {
      current.handle?.submit();
    } else if (m.type === 'ack' && pending.has(m.sha256)) {
      pending.get(m.sha256)?.confirm(); // also for an item the frame no longer shows
      pending.delete(m.sha256);
    }
  });

  new ResizeObserver(() => post('resize', { height: Math.ceil(document.documentElement.scrollHeight) }))
    .observe(document.body);
  post('ready');
}
