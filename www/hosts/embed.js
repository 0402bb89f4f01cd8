// Glossa inside an iframe: the child side of the postMessage protocol (docs/embedding.md).
//
//   <iframe src=".../www/embed.html?parentOrigin=https://survey.example.org">
//
// Messages are objects {glossa: 1, type, ...}. The child posts only to `parentOrigin` and
// accepts messages only from that origin and from its parent window; every incoming payload is
// checked before use. child -> parent: ready, state, result, resize, error.
// parent -> child: config, ack.
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
  const post = (type, body = {}) => window.parent.postMessage({ glossa: PROTOCOL, type, ...body }, origin);
  let handle = null;
  let pending = null; // {result, sha256} awaiting ack

  async function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }

  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const isStringMap = (v) => v === undefined || (isObject(v) && Object.values(v).every((x) => typeof x === 'string'));
  function checkConfig(m) {
    if (!isObject(m.spec) && typeof m.spec !== 'string') return 'config.spec must be an object or a JSON string';
    if (!isObject(m.item) && typeof m.item !== 'string') return 'config.item must be an object or a JSON string';
    if (m.mode !== undefined && !['live', 'preview', 'readonly'].includes(m.mode)) return 'config.mode must be live, preview or readonly';
    if (!isStringMap(m.ids)) return 'config.ids must map names to strings';
    if (m.seed !== undefined && typeof m.seed !== 'string') return 'config.seed must be a string';
    if (m.resume !== undefined && m.resume !== null && !isObject(m.resume)) return 'config.resume must be a draft object';
    return null;
  }

  window.addEventListener('message', async (event) => {
    if (event.origin !== origin || event.source !== window.parent) return; // not our parent: ignore
    const m = event.data;
    if (!isObject(m) || m.glossa !== PROTOCOL || typeof m.type !== 'string') return;
    if (m.type === 'config') {
      const problem = checkConfig(m);
      if (problem) { post('error', { message: problem }); return; }
      handle?.destroy();
      const readonly = m.mode === 'preview' || m.mode === 'readonly';
      handle = await mount(root, {
        spec: m.spec, item: m.item,
        options: { ids: m.ids ?? {}, seed: m.seed, readonly, hideSubmit: m.hideSubmit === true, resume: m.resume ?? undefined },
      });
    } else if (m.type === 'submit' && handle) {
      handle.submit();
    } else if (m.type === 'ack' && pending && m.sha256 === pending.sha256) {
      handle?.confirm();
      pending = null;
    }
  });

  root.addEventListener('glossa:change', (e) => post('state', { report: e.detail, draft: handle?.draft() ?? null }));
  root.addEventListener('glossa:error', (e) => post('error', { detail: e.detail }));
  root.addEventListener('glossa:submit', async (e) => {
    const json = JSON.stringify(e.detail);
    pending = { sha256: await sha256(json) };
    post('result', { result: e.detail, json, sha256: pending.sha256 });
  });

  new ResizeObserver(() => post('resize', { height: Math.ceil(document.documentElement.scrollHeight) }))
    .observe(document.body);
  post('ready');
}
