// The pilot runner behind index.html: walks an annotator through a list of items, keeps the
// results (and where they are) in browser storage, lets them download everything as JSONL,
// optionally POSTs each result to an endpoint through a persisted retry queue, and shows a
// completion link only when every result is stored.
//
// URL: ?example=ID | ?spec=URL&items=URL, &item=N (start), &post=URL (collect endpoint; with
//      &collect_token=T, the token `glossa serve` puts in its pilot's address) or
//      &datapipe=EXPERIMENT_ID (DataPipe to OSF; &datapipe_url= for another DataPipe server),
//      &complete=URL (e.g. Prolific's completion link), &plan=URL (a `glossa plan`: the
//      participant's slot picks their items and order); PROLIFIC_PID, STUDY_ID, SESSION_ID,
//      participant, workerId go into every result's ids.
//
// Participant mode — with a plan, or a participant id (PROLIFIC_PID, workerId, participant) in
// the URL — shows the task only: the spec's title, the progress, the item and, at the end, the
// completion link; no example list, no raw JSON, no download. Without either it is the
// researcher's demo.
//
// Training mode (opt-in, for qualification rounds): &training=URL names a gold file (same
// origin); after each accepted submit on one of its items the participant is told whether the
// answer was the expected one (and which option was, for a choice). Without it, expected answers
// never reach the page.
//
// Simulation (for the researcher, as jsPsych's simulation mode): &simulate=SEED answers every
// item as a simulated annotator on the real page — the answers go through the widget and show
// on screen, each result is submitted, stored and posted as a participant's would be, marked
// `ids.simulated: "visual"` — to try the whole pipeline before the study goes out.
import { buildFor, mount } from '../glossa.js';
import { hostStrings } from './host-strings.js';

const ID_PARAMS = ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID', 'participant', 'workerId'];

/**
 * Where results go, one at a time: `send(entry)` resolves to `'sent'` (delivered, or already
 * there), `'retry'` (try again later: a server error), `'offline'` (no answer at all: no
 * network, or the server unreachable; tried again later too) or `{ refused: reason }` (the
 * destination will not take it now: keep it, tell the participant, offer the download).
 */

/** How long one send may take before it is given up and tried again (a request that never
 *  answers must not hold every later result back). */
export const SEND_TIMEOUT_MS = 15000;

/** `fetch` given up after `SEND_TIMEOUT_MS` (rejects, as a network error does). */
function fetchWithin(url, init, ms = SEND_TIMEOUT_MS) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
}

/** A plain endpoint (`&post=URL`): a JSON POST with an idempotency key (and the collect token a
 *  `glossa serve` page carries); 2xx and 409 are delivered; 408, 425, 429, 5xx and a request
 *  that does not answer within `SEND_TIMEOUT_MS` are tried again; another 4xx refuses for good. */
export function postTransport(endpoint, { token = null, timeoutMs = SEND_TIMEOUT_MS } = {}) {
  return {
    async send(entry) {
      let r;
      try {
        const headers = { 'content-type': 'application/json', 'idempotency-key': entry.key };
        if (token) headers['x-glossa-token'] = token;
        r = await fetchWithin(endpoint, { method: 'POST', headers, body: entry.json }, timeoutMs);
      } catch { return 'offline'; }
      if (r.ok || r.status === 409) return 'sent';
      if (r.status >= 500 || [408, 425, 429].includes(r.status)) return 'retry';
      const reason = await r.json().then((b) => b?.error, () => undefined);
      return { refused: reason ? `HTTP ${r.status}: ${reason}` : `HTTP ${r.status}` };
    },
  };
}

/** DataPipe's errors that no retry can mend (https://pipe.jspsych.org, `api-messages.js`). */
const DATAPIPE_FINAL = new Set([
  'MISSING_PARAMETER', 'EXPERIMENT_NOT_FOUND', 'DATA_COLLECTION_NOT_ACTIVE', 'SESSION_LIMIT_REACHED',
  'INVALID_DATA', 'INVALID_OWNER', 'INVALID_OSF_TOKEN',
]);

/** A file name DataPipe and OSF take: letters, digits, `.`, `_` and `-` only. */
const safeName = (s) => String(s).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'anonymous';

/**
 * DataPipe (`&datapipe=EXPERIMENT_ID`): each result one OSF file, named from the participant,
 * the item and a hash of the result, so a resend has the same name — DataPipe's
 * `OSF_FILE_EXISTS` for it means the file is there. Errors no retry mends stop the retries.
 */
export function dataPipeTransport(experimentID, url = 'https://pipe.jspsych.org/api/data/') {
  return {
    async send(entry) {
      const result = JSON.parse(entry.json);
      const who = Object.values(result.ids ?? {}).join('_');
      const filename = `${safeName(who)}_${safeName(result.item_id)}_${fnv1a(entry.json).toString(16).padStart(8, '0')}.json`;
      let r;
      try {
        r = await fetchWithin(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: '*/*' },
          body: JSON.stringify({ experimentID, filename, data: entry.json }),
        });
      } catch { return 'offline'; }
      if (r.ok) return 'sent';
      const error = await r.json().then((b) => b?.error, () => undefined);
      if (error === 'OSF_FILE_EXISTS') return 'sent';
      if (r.status === 400 && DATAPIPE_FINAL.has(error)) return { refused: `DataPipe: ${error}` };
      return 'retry';
    },
  };
}

/**
 * A queue of results to deliver. The queue itself lives in memory and is mirrored to
 * localStorage so nothing is lost offline or on reload; when the browser's storage refuses
 * (full, or blocked) the queue goes on in memory and `stored()` says so, so the page never
 * claims more than is true. One send at a time: `flush()` while a send is in flight (a new
 * result, the `online` event, the retry timer) only asks for another pass after it, so a result
 * is never sent twice at once; a retry is scheduled only after the attempt before it has ended.
 * A result the destination refuses for good stays, marked (`failed`), for the participant to
 * download; a new page tries it once more (the researcher may have mended the destination).
 */
export class Outbox {
  constructor(key, transport, onChange) {
    this.key = key;
    this.transport = transport;
    this.onChange = onChange;
    this.timer = null;
    this.delay = 1000;
    this.running = null; // the pass in flight
    this.again = false; // a flush was asked for during it
    this.mirrored = true; // whether the last write to storage held
    this.offline = false; // whether the last send had no answer at all
    let kept = [];
    try { kept = JSON.parse(localStorage.getItem(key) ?? '[]'); } catch { /* nothing kept */ }
    // A new page tries the refused ones again (quietly: nothing is drawn yet).
    this.list = Array.isArray(kept) ? kept.map(({ failed, ...e }) => e) : [];
    this.mirror();
  }
  /** Writes the queue to storage; false (and `stored()` false) when storage refuses. */
  mirror() {
    try {
      if (this.list.length) localStorage.setItem(this.key, JSON.stringify(this.list));
      else localStorage.removeItem(this.key);
      this.mirrored = true;
    } catch { this.mirrored = false; }
    return this.mirrored;
  }
  save(list) { this.list = list; this.mirror(); this.onChange?.(list.length); }
  /** Whether what is still queued would survive a reload (storage took it). */
  stored() { return this.mirrored || !this.list.length; }
  /** Adds a result; `idempotencyKey` identifies it so the endpoint can drop a resend. */
  push(idempotencyKey, json) {
    if (!this.list.some((e) => e.key === idempotencyKey)) this.save([...this.list, { key: idempotencyKey, json }]);
    this.flush();
  }
  /** Results still to be delivered (refused ones not counted). */
  pending() { return this.list.filter((e) => !e.failed).length; }
  /** Results the destination refused for good: `[{key, json, failed: reason}]`. */
  failed() { return this.list.filter((e) => e.failed); }
  /** Sends what is queued; resolves when this pass (and any asked for during it) has ended. */
  flush() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    clearTimeout(this.timer);
    this.timer = null;
    this.running = (async () => {
      do {
        this.again = false;
        if (!(await this.pass())) {
          this.again = false; // the retry timer takes over
          this.timer = setTimeout(() => this.flush(), this.delay);
          this.delay = Math.min(this.delay * 2, 30000);
        }
      } while (this.again);
    })().finally(() => { this.running = null; });
    return this.running;
  }
  /** One pass over the queue; false when a send is to be tried again (the rest waits). */
  async pass() {
    for (const entry of this.list.filter((e) => !e.failed)) {
      const outcome = await this.transport.send(entry);
      const offline = outcome === 'offline';
      if (offline !== this.offline) { this.offline = offline; this.onChange?.(this.list.length); }
      if (outcome === 'retry' || offline) return false;
      if (outcome === 'sent') {
        this.save(this.list.filter((e) => e.key !== entry.key));
        this.delay = 1000;
      } else {
        this.save(this.list.map((e) => (e.key === entry.key ? { ...e, failed: outcome.refused } : e)));
      }
    }
    return true;
  }
}

/** FNV-1a (32 bits) of a string's UTF-8: the slot of a participant a plan does not name is
 *  `fnv1a(id) % slots` (as `glossa::study::plan::fnv1a`). */
export function fnv1a(s) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h >>> 0;
}

/**
 * Training mode's gold file, read against the study by the report's wasm (the same checks and
 * scoring as `glossa report --gold`, loaded only when a study link asks for training). Resolves
 * to `{passes(result), expected(itemId)}`; rejects with every problem of the file, a line each.
 */
export async function loadTraining(url, specText, itemsText) {
  const goldText = await (await fetch(url)).text();
  const { default: init, TrainingGold } = await import('../report-pkg/report.js');
  await init({ module_or_path: new URL('../report-pkg/report_bg.wasm', import.meta.url) });
  const gold = new TrainingGold(specText, itemsText, goldText);
  const file = JSON.parse(goldText);
  return {
    passes: (result) => gold.passes(JSON.stringify(result)),
    expected: (itemId) => file.items.find((g) => g.item_id === itemId),
  };
}

/** Where a spec's items name media files: the media blocks' fields, the media outputs' fields. */
function mediaFields(specText) {
  let spec;
  try { spec = JSON.parse(specText); } catch { return { fields: [], outputs: [] }; }
  return {
    // (A video's captions file is the item's too.)
    fields: (spec.blocks ?? []).filter((b) => b?.kind === 'media').flatMap((b) => [b.field, b.captions_field].filter(Boolean)),
    outputs: [...(spec.blocks ?? []), ...(spec.controls ?? [])].filter((x) => x?.outputs?.media).map((x) => x.outputs.field),
  };
}

/** The media files an item names (as the item gives them). */
export function mediaOf(specText, item) {
  const { fields, outputs } = mediaFields(specText);
  const out = fields.map((f) => item?.[f]).filter((u) => typeof u === 'string');
  for (const f of outputs) {
    for (const o of Array.isArray(item?.[f]) ? item[f] : []) out.push(...[o?.src, o?.captions].filter((u) => typeof u === 'string'));
  }
  return out;
}

/**
 * The items with their media files' relative paths (a media block's field, an output's `src`
 * and a video's `captions` where the outputs are media) made relative to the items file, as
 * the researcher wrote them:
 * `clips/c01.wav` beside `items.json` plays wherever the page is.
 */
export function withMediaFrom(specText, items, itemsUrl) {
  const { fields, outputs } = mediaFields(specText);
  if (!fields.length && !outputs.length) return items;
  const near = (p) => (typeof p === 'string' && !/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(p)
    ? new URL(p, itemsUrl).href.replace(/^[^:]+:\/\/[^/]+/, '') : p);
  return items.map((item) => {
    const out = { ...item };
    for (const f of fields) if (f in out) out[f] = near(out[f]);
    for (const f of outputs) {
      // (An output's file, and a video's captions.)
      if (Array.isArray(out[f])) {
        out[f] = out[f].map((o) => (o && typeof o === 'object'
          ? { ...o, ...('src' in o && { src: near(o.src) }), ...('captions' in o && { captions: near(o.captions) }) } : o));
      }
    }
    return out;
  });
}

/**
 * Fetches an item's media files ahead, while the participant answers the one before: the
 * browser keeps them (as a static host's caching headers allow) and the next item's players
 * are ready when it opens. Failures are left to the player, which says so and retries.
 */
export function prefetchMedia(specText, item) {
  for (const url of mediaOf(specText, item)) {
    fetch(url, { priority: 'low' }).then((r) => r.blob()).catch(() => {});
  }
}

/** Items as a JSON list or JSON Lines (every host page reads them so). */
export function parseItems(text) {
  return text.trim().startsWith('[')
    ? JSON.parse(text)
    : text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/**
 * An http(s) address (relative to the page), else null: a `javascript:` or `data:` URL in a
 * study link would run in the participant's page.
 */
export function httpLink(raw) {
  try {
    const url = new URL(raw, location.href);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch { /* not a URL */ }
  return null;
}

/** Whether a value is as instructed: an instructed object by each of its keys (a judgement's
 *  winner, a point per output), anything else exactly (`glossa plan`'s attention answers). */
export const asInstructed = (given, want) => (want && typeof want === 'object' && !Array.isArray(want)
  ? !!given && typeof given === 'object' && Object.entries(want).every(([k, w]) => asInstructed(given[k], w))
  : JSON.stringify(given ?? null) === JSON.stringify(want));

/**
 * A participant's slot of a `glossa plan`: the slot their id names, else slot
 * `fnv1a(id) mod slots` (`anonymous` without an id). Returns `{slot, items, missing}`: the
 * slot's items in its order (each with only the outputs the plan gives the slot, when it
 * gives some), and the ids the items file lacks.
 */
export function planSlot(plan, items, who) {
  const slots = plan.annotators.map((a) => a.slot);
  let k = slots.indexOf(who ?? '');
  if (k < 0) k = fnv1a(who ?? 'anonymous') % slots.length;
  const byId = new Map(items.map((i) => [i.id, i]));
  const ids = plan.annotators[k].items;
  const outputs = plan.annotators[k].outputs ?? {};
  // The outputs the plan gives this slot of an item (MQM's and ESA's raters see some of a
  // segment's systems): the item is shown with those alone, and its result records them as
  // the outputs shown (the others were not assigned to this participant).
  const narrowed = (item) => {
    const mine = outputs[item.id];
    const field = plan.outputs_field;
    if (!mine || !field || !Array.isArray(item[field])) return item;
    return { ...item, [field]: item[field].filter((o) => mine.includes(o.id)) };
  };
  return {
    slot: plan.annotators[k].slot,
    items: ids.filter((id) => byId.has(id)).map((id) => narrowed(byId.get(id))),
    missing: ids.filter((id) => !byId.has(id)),
  };
}

/** The completion link in the study link's parameter `name` (e.g. Prolific's), if http(s). */
function link(params, name) {
  const raw = params.get(name);
  if (!raw) return null;
  const url = httpLink(raw);
  if (!url) console.error(`Glossa pilot: ignoring ${name}=${raw}: only http(s) links are allowed`);
  return url;
}

/**
 * Runs the pilot. When the study cannot be loaded (a file that is not there, a spec or item
 * the widget refuses) the participant is told so, in the task's language when it is known,
 * and given the study link's `&complete_error=` link (Prolific: a code to return the study),
 * never a blank page.
 */
export async function runPilot(el) {
  const params = new URLSearchParams(location.search);
  // A page made for one study names it (see pilot-main.js); the link's own query wins.
  for (const [k, v] of Object.entries(el.defaults ?? {})) if (v && !params.has(k)) params.set(k, v);
  // English until the task's language is known (runStudy sets el.say).
  const english = (await hostStrings({})).say;
  const fail = (message, { panelShown = false } = {}) => {
    const say = el.say ?? english;
    if (!panelShown) {
      const alert = document.createElement('p');
      alert.setAttribute('role', 'alert');
      alert.className = 'glossa-error-panel';
      alert.textContent = say('loadFailed', { message });
      el.widget.replaceChildren(alert);
    }
    const back = link(params, 'complete_error');
    if (back) {
      if (el.thanks) el.thanks.textContent = `${say('sorry')} `;
      el.completeLink.textContent = say('finish');
      el.completeLink.href = back;
      el.completeLink.hidden = false;
      el.errorBack = back;
      // A study under way shows the way back once every earlier result is delivered.
      if (el.render) el.render();
      else el.complete.hidden = false;
    }
  };
  // The widget's own panel names what is wrong (for the researcher); the link is added to it.
  el.widget.addEventListener('glossa:error', (e) => fail(e.detail?.message ?? 'error', { panelShown: true }));
  try {
    await runStudy(el, params);
  } catch (e) {
    console.error(`Glossa pilot: ${e?.message ?? e}`);
    fail(String(e?.message ?? e));
  }
}

async function runStudy(el, params) {
  // The demo's examples. A page made for one study (`glossa host`: its study on the body's
  // data-spec) has none and asks for none, so a hosted study makes no request that fails.
  const examples = document.body.dataset.spec
    ? []
    : await fetch('www/examples/index.json').then((r) => (r.ok ? r.json() : []), () => []);
  const sameOrigin = (u) => { const url = new URL(u, location.href); return url.origin === location.origin ? url.href : null; };
  let source;
  if (params.get('spec') && params.get('items')) {
    source = { id: 'custom', title: 'Custom task', spec: sameOrigin(params.get('spec')), items: sameOrigin(params.get('items')) };
  } else {
    const e = examples.find((x) => x.id === params.get('example')) ?? examples[0];
    if (!e) throw new Error('no study named: give ?spec=…&items=…');
    source = { ...e, spec: `www/examples/${e.spec}`, items: `www/examples/${e.items}` };
  }
  for (const e of examples) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `?example=${encodeURIComponent(e.id)}`;
    a.textContent = e.title;
    if (e.id === source.id) a.setAttribute('aria-current', 'page');
    li.append(a);
    el.examples.append(li);
  }
  const spec = await (await fetch(source.spec)).text();
  const participantId = params.get('PROLIFIC_PID') ?? params.get('workerId') ?? params.get('participant');
  const participantMode = Boolean(params.get('plan') || participantId);
  // The participant's part of the page speaks the task's language.
  const { lang, dir, say } = await hostStrings(spec);
  // A participant's page is the study's language and direction; the demo's chrome is English.
  document.documentElement.lang = participantMode ? lang : 'en';
  document.documentElement.dir = participantMode ? dir : 'ltr';
  if (participantMode) {
    el.examples.closest('nav')?.setAttribute('hidden', '');
    if (el.intro) el.intro.hidden = true;
    if (el.logCard) el.logCard.hidden = true;
    try {
      const title = JSON.parse(spec).title;
      // The widget shows the title itself: the page's heading would repeat it.
      if (title && el.title) { el.title.textContent = title; el.title.hidden = true; document.title = title; }
    } catch { /* a spec that does not parse shows its own panel */ }
    el.title?.setAttribute('lang', lang);
  } else {
    // A page `glossa host` wrote is laid out for its participants (its first screen is there
    // before this script runs): the researcher trying it without an id gets the demo's parts.
    for (const part of [el.examples.closest('nav'), el.intro, el.logCard, el.title]) part?.removeAttribute('hidden');
  }
  el.say = say;
  el.task?.setAttribute('lang', lang);
  el.task?.setAttribute('dir', dir);
  el.next.textContent = say('next');
  el.download.textContent = say('download');
  if (el.deliveryDownload) el.deliveryDownload.textContent = say('downloadAnswers');
  if (el.reset) el.reset.textContent = say('reset');
  if (el.thanks) el.thanks.textContent = `${say('thanks')} `;
  el.completeLink.textContent = say('finish');
  el.progressBar.setAttribute('aria-label', say('itemsDone'));
  if (el.logTitle) el.logTitle.textContent = say('received');
  const itemsText = await (await fetch(source.items)).text();
  let items = withMediaFrom(spec, parseItems(itemsText), new URL(source.items, location.href));
  // A plan: this participant's slot (named by their id, else by the documented hash rule)
  // gives the items and their order; gold items look like any other.
  let slot = null;
  let gold = new Set();
  let planAttention = {};
  if (params.get('plan')) {
    const plan = await (await fetch(sameOrigin(params.get('plan')))).json();
    slot = planSlot(plan, items, participantId);
    gold = new Set(plan.gold ?? []);
    planAttention = plan.attention ?? {};
    if (slot.missing.length) console.error(`Glossa pilot: the plan names items the items file lacks: ${slot.missing.join(', ')}`);
    items = slot.items;
  }

  const complete = link(params, 'complete');
  // A participant who missed an instructed answer of the plan's attention items ends on this
  // link instead (Prolific: a completion code whose action is, e.g., manual review).
  const completeAttention = link(params, 'complete_attention') ?? complete;
  const attention = planAttention;
  // Training: the gold file is fetched only when the study link asks for it. A file that does
  // not fit the study (an unknown item or control, a value the control cannot take) stops the
  // pilot with every problem named: scoring it would tell every participant they were wrong.
  let training = null;
  if (params.get('training')) {
    try {
      training = await loadTraining(sameOrigin(params.get('training')), spec, itemsText);
    } catch (e) {
      const alert = document.createElement('pre');
      alert.setAttribute('role', 'alert');
      alert.className = 'glossa-error-panel';
      alert.textContent = say('loadFailed', { message: `training=${params.get('training')}:\n${e?.message ?? e}` });
      el.widget.replaceChildren(alert);
      console.error(`Glossa pilot: training gold file: ${e?.message ?? e}`);
      return;
    }
  }
  const ids = Object.fromEntries(ID_PARAMS.filter((k) => params.get(k)).map((k) => [k, params.get(k)]));
  if (!Object.keys(ids).length) ids.participant = 'demo';
  if (slot) ids.slot = slot.slot;
  const simulate = params.get('simulate');
  if (simulate) ids.simulated = 'visual';
  const who = Object.values(ids).join('&');
  const progressKey = `glossa:pilot:${source.spec}:${who}`;
  const stored = (() => { try { return JSON.parse(localStorage.getItem(progressKey) ?? 'null'); } catch { return null; } })();
  const state = stored ?? { index: Math.max(0, Math.min(items.length - 1, Number(params.get('item') ?? 1) - 1)), results: [] };
  // Whether this browser keeps the progress and results (a full storage — a shared lab browser
  // with earlier participants' drafts — keeps them in this page only, and the page says so).
  let kept = true;
  let downloaded = false;
  const persist = () => {
    try { localStorage.setItem(progressKey, JSON.stringify(state)); kept = true; } catch { kept = false; }
  };

  // Where results go besides this browser: an endpoint (`&post=`) or DataPipe (`&datapipe=`).
  const transport = params.get('datapipe')
    ? dataPipeTransport(params.get('datapipe'), params.get('datapipe_url') ?? undefined)
    : params.get('post') ? postTransport(sameOrigin(params.get('post')) ?? params.get('post'), { token: params.get('collect_token') }) : null;
  const outbox = transport ? new Outbox(`glossa:outbox:${progressKey}`, transport, () => render()) : null;
  window.glossaReceived = state.results;

  /** Whether a result of an attention item differs from its instructed answer. */
  function missedAttention() {
    return state.results.some((r) => Object.entries(attention[r.item_id] ?? {})
      .some(([control, want]) => !asInstructed(r.answers?.[control], want)));
  }

  let handle = null;
  el.render = () => render();
  function render() {
    const done = state.results.length;
    el.progressBar.max = items.length;
    el.progressBar.value = done;
    const pending = outbox ? outbox.pending() : 0;
    const finished = done >= items.length;
    el.progress.textContent = finished
      ? `${say('allDone', { total: items.length })}${pending ? ` ${say('sending', { n: pending })}` : ''}`
      : say('itemOf', { n: state.index + 1, total: items.length });
    el.log.textContent = state.results.length ? state.results.map((r) => JSON.stringify(r, null, 2)).join('\n\n') : say('nothing');
    el.download.hidden = !done;
    // Starting over is for demos and for researchers trying a pilot, not for participants.
    if (el.reset) el.reset.hidden = !(done && !Object.keys(ids).some((k) => k !== 'participant'));
    const target = missedAttention() ? completeAttention : complete;
    // Where the results are safe: delivered (with an endpoint: every one, a refused one too —
    // whatever the answer, the link waits until the destination has them), else kept by this
    // browser, else taken along by the participant. "Stored" is said only then.
    const safe = outbox ? outbox.list.length === 0 : kept || downloaded;
    // The study cannot go on (a file that cannot be played, under `unplayable: end`): the way
    // back shows once every earlier result is delivered.
    if (el.errorBack) {
      el.complete.hidden = !safe;
    } else {
      // A study without a completion link: the participant is told it is over (and may close
      // the page). (A link that is refused — not http(s) — was meant: nothing is said instead.)
      const over = finished && safe && !target && participantMode && !params.has('complete');
      el.complete.hidden = !(finished && safe && (target || over));
      el.completeLink.hidden = !target;
      if (el.thanks) el.thanks.textContent = over ? `${say('thanks')} ${say('studyOver')}` : `${say('thanks')} `;
    }
    // Refused for good: the answers stay here, and the participant can take them along. Not
    // kept by this browser: they live in this page only until sent or downloaded.
    const failed = outbox ? outbox.failed() : [];
    const unkept = done > 0 && !downloaded && (outbox ? pending > 0 && !outbox.stored() : !kept);
    if (el.delivery) {
      el.delivery.hidden = !(failed.length || unkept);
      if (failed.length) el.deliveryText.textContent = say('deliveryFailed', { n: failed.length, reason: failed[0].failed });
      else if (unkept) el.deliveryText.textContent = say('notKept');
    }
    if (target && !el.errorBack) el.completeLink.href = target;
    // No connection (the browser says so, or the destination did not answer): the answers are
    // kept and go when it returns; the participant may go on.
    if (el.offline) {
      const off = Boolean(outbox) && (!navigator.onLine || outbox.offline);
      el.offline.hidden = !off;
      if (off) el.offline.textContent = say('offline');
    }
  }

  async function show(i) {
    handle?.destroy();
    if (el.feedback) el.feedback.hidden = true;
    el.next.hidden = true;
    state.index = i;
    persist();
    // Where this page's address is (first-screen.js: a participant back at a later item does not
    // see the first item's pre-rendered screen).
    try { localStorage.setItem(`glossa:first-screen:${location.pathname}${location.search}`, state.results.length >= items.length ? '' : items[i]?.id ?? ''); } catch { /* no storage */ }
    render();
    if (state.results.length >= items.length) { el.widget.replaceChildren(); return; }
    // A gold item's result says so (`ids.gold`); nothing on screen differs.
    const itemIds = gold.has(items[i].id) ? { ...ids, gold: 'gold' } : ids;
    const build = simulate ? buildFor(spec, { simulated: true }) : undefined;
    handle = await mount(el.widget, { spec, item: items[i], options: { ids: itemIds, seed: who }, build });
    window.glossaHandle = handle;
    // A simulated annotator answers on the screen, then submits as a participant would.
    if (simulate && handle.simulate((Number(simulate) || 1) * 1000 + i)) handle.submit();
    // The next item's recordings and images, fetched while this one is answered (`prefetch=0`
    // leaves them: the benchmark's comparison).
    if (items[i + 1] && params.get('prefetch') !== '0') prefetchMedia(spec, items[i + 1]);
  }

  el.widget.addEventListener('glossa:submit', (e) => {
    const result = e.detail;
    if (!state.results.some((r) => r.item_id === result.item_id)) state.results.push(result);
    persist();
    handle.confirm(); // stored in this browser (and queued for the endpoint)
    if (outbox) outbox.push(`${result.spec.id}@${result.spec.version}/${result.item_id}/${who}`, JSON.stringify(result));
    render();
    const expected = training?.expected(result.item_id);
    if (expected && el.feedback) {
      const right = training.passes(result) === true;
      const choice = Object.entries(expected.answers).map(([control, value]) => {
        const c = JSON.parse(spec).controls.find((x) => x.id === control);
        return c?.options?.find((o) => o.value === value)?.label;
      }).filter(Boolean).join(', ');
      el.feedback.className = right ? 'right' : 'wrong';
      el.feedback.textContent = right
        ? say('trainingRight')
        : say('trainingWrong', { expected: choice ? say('trainingExpected', { answer: choice }) : '' });
      el.feedback.hidden = false;
    }
    if (state.results.length < items.length && state.index + 1 < items.length) {
      if (simulate) {
        // (Once the submit that raised this event has returned.)
        queueMicrotask(() => show(state.index + 1));
        return;
      }
      el.next.hidden = false;
      el.next.focus();
    }
  });
  el.next.addEventListener('click', () => show(state.index + 1));
  const download = () => {
    const blob = new Blob([state.results.map((r) => JSON.stringify(r)).join('\n') + '\n'], { type: 'application/x-ndjson' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    const specId = (() => { try { return JSON.parse(spec).id; } catch { return null; } })();
    a.download = `glossa-results-${safeName(specId ?? source.id)}-${safeName(who)}.jsonl`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    downloaded = true;
    render();
  };
  el.download.addEventListener('click', download);
  el.deliveryDownload?.addEventListener('click', download);
  el.reset?.addEventListener('click', () => {
    localStorage.removeItem(progressKey);
    // Question tasks keep a running tally of the session's questions: starting again starts it anew.
    const who = Object.keys(ids).sort().map((k) => `${k}=${ids[k]}`).join('&');
    try {
      const { id, version } = JSON.parse(spec);
      localStorage.removeItem(`glossa:tally/1:${id}@${version}:${who}`);
    } catch { /* a spec that does not parse has no tally */ }
    location.reload();
  });
  window.addEventListener('online', () => { render(); outbox?.flush(); });
  window.addEventListener('offline', () => render());
  outbox?.flush();
  // A participant's study keeps working offline once it has loaded (a train, a lift): the page
  // and what it loaded are kept by the offline worker, the answers by the outbox.
  if (participantMode) keepOffline();
  // After a reload, continue with the first item without a result.
  const firstOpen = items.findIndex((it) => !state.results.some((r) => r.item_id === it.id));
  await show(stored && firstOpen >= 0 ? firstOpen : state.index);
}

/**
 * Registers the offline worker (`glossa-offline.js`, beside the page) and hands it what this
 * page has loaded so far — the page itself, the build, the strings, the study's files — to
 * keep: a reload without network then opens the study where it was. Resolves once they are
 * kept (and marks `<html data-glossa-offline="ready">`); without service workers (an insecure
 * origin, an old browser, a private window that refuses them) it does nothing.
 */
export async function keepOffline() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    const at = new URL('glossa-offline.js', document.baseURI);
    if (at.origin !== location.origin) return;
    await navigator.serviceWorker.register(at, { scope: './' });
    const worker = (await navigator.serviceWorker.ready).active;
    const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]
      .filter((u) => new URL(u).origin === location.origin);
    await new Promise((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = done;
      worker.postMessage({ keep: [...new Set(urls)] }, [channel.port2]);
    });
    document.documentElement.dataset.glossaOffline = 'ready';
  } catch (e) {
    console.warn(`Glossa pilot: no offline copy: ${e?.message ?? e}`);
  }
}
