// The jsPsych experiment page `glossa host jspsych` writes: the study's items as Glossa
// trials, in the participant's plan order (their slot from the URL), gold items flagged; each
// result delivered through the pilot's outbox — to DataPipe (OSF) or an endpoint, once, with
// retries through reloads and offline spells — and a reload continues with the first item
// without a result. At the end: the completion link once every result is delivered, or, with
// nowhere to send them, a download of the results.
//
// Configuration: `<body data-spec=… data-items=… data-plan=… data-datapipe=… data-post=…
// data-complete=… data-fonts=…>`; the URL's query wins (but for `data-fonts`). PROLIFIC_PID,
// STUDY_ID, SESSION_ID, participant and workerId in the URL go into every result's ids.
import GlossaPlugin, { keepFirstScreen } from './jspsych-glossa.js';
import { Outbox, dataPipeTransport, httpLink, parseItems, planSlot, postTransport, withMediaFrom } from './pilot.js';
import { hostStrings } from './host-strings.js';

const ID_PARAMS = ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID', 'participant', 'workerId'];
const query = new URLSearchParams(location.search);
const cfg = { ...document.body.dataset };
for (const k of ['spec', 'items', 'plan', 'datapipe', 'post', 'complete']) if (query.get(k)) cfg[k] = query.get(k);
// jsPsych's fonts (most of its stylesheet, as data: URLs), a file of their own on a page with a
// first screen: linked now that the page is parsed, so that screen never waited for them.
if (cfg.fonts) document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: cfg.fonts }));


const specText = await (await fetch(cfg.spec)).text();
const spec = JSON.parse(specText);
const { lang, dir, say } = await hostStrings(specText);
document.documentElement.dir = dir;
document.documentElement.lang = lang;
let items = withMediaFrom(specText, parseItems(await (await fetch(cfg.items)).text()), new URL(cfg.items, location.href));
const ids = Object.fromEntries(ID_PARAMS.filter((k) => query.get(k)).map((k) => [k, query.get(k)]));
if (!Object.keys(ids).length) ids.participant = 'anonymous';
let gold = new Set();
if (cfg.plan) {
  const plan = await (await fetch(cfg.plan)).json();
  const who = ids.PROLIFIC_PID ?? ids.workerId ?? ids.participant;
  const slot = planSlot(plan, items, who);
  ids.slot = slot.slot;
  gold = new Set(plan.gold ?? []);
  items = slot.items;
}
const who = Object.values(ids).join('&');
const key = `glossa:jspsych:${spec.id}@${spec.version}:${who}`;
const stored = (() => { try { return JSON.parse(localStorage.getItem(key) ?? '[]'); } catch { return []; } })();
const results = new Map(stored.map((r) => [r.item_id, r]));
const save = () => { try { localStorage.setItem(key, JSON.stringify([...results.values()])); } catch { /* memory only */ } };
const transport = cfg.datapipe ? dataPipeTransport(cfg.datapipe, query.get('datapipe_url') ?? undefined)
  : cfg.post ? postTransport(new URL(cfg.post, location.href).href) : null;
const outbox = transport ? new Outbox(`glossa:outbox:${key}`, transport, () => render()) : null;
const complete = cfg.complete ? httpLink(cfg.complete) : null;

const end = document.createElement('div');
end.id = 'glossa-end';
end.setAttribute('role', 'status');
let finished = false;
/** The end screen: sending, then the completion link — or a download with nowhere to send. */
function render() {
  if (!finished) return;
  const pending = outbox ? outbox.pending() : 0;
  const failed = outbox ? outbox.failed() : [];
  const parts = [say('allDone', { total: items.length })];
  if (pending) parts.push(say('sending', { n: pending }));
  end.replaceChildren(Object.assign(document.createElement('p'), { textContent: parts.join(' ') }));
  if (failed.length || !outbox) {
    if (failed.length) end.append(Object.assign(document.createElement('p'), { textContent: say('deliveryFailed', { n: failed.length, reason: failed[0].failed }) }));
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: say('downloadAnswers') });
    b.addEventListener('click', () => {
      const blob = new Blob([[...results.values()].map((r) => JSON.stringify(r)).join('\n') + '\n'], { type: 'application/x-ndjson' });
      const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: `glossa-results-${spec.id}.jsonl` });
      a.click();
    });
    end.append(b);
  }
  if (!pending && !failed.length && complete) {
    end.append(Object.assign(document.createElement('a'), { href: complete, textContent: say('finish') }));
  } else if (!pending && !failed.length && outbox) {
    // Delivered, and no completion link: the participant is told the study is over.
    end.append(Object.assign(document.createElement('p'), { textContent: `${say('thanks')} ${say('studyOver')}` }));
  }
}

const jsPsych = window.jsPsychModule.initJsPsych({
  on_finish: () => {
    finished = true;
    document.querySelector('.jspsych-content')?.replaceChildren(end) ?? document.body.append(end);
    render();
    outbox?.flush();
  },
});
/**
 * The item this page would start with now, for its next visit: first-screen.js takes a
 * pre-rendered screen away when it is another item's (a participant back after some items).
 */
function noteFirst() {
  const next = items.find((item) => !results.has(item.id))?.id ?? '';
  try { localStorage.setItem(`glossa:first-screen:${location.pathname}${location.search}`, next); } catch { /* no storage */ }
}
const timeline = items
  .filter((item) => !results.has(item.id))
  .map((item) => ({
    type: GlossaPlugin,
    spec,
    item,
    ids: gold.has(item.id) ? { ...ids, gold: 'gold' } : ids,
    on_finish: (data) => {
      if (!data.result) return;
      results.set(data.result.item_id, data.result);
      save();
      noteFirst();
      outbox?.push(`${spec.id}@${spec.version}/${data.result.item_id}/${who}`, JSON.stringify(data.result));
    },
  }));
window.addEventListener('online', () => outbox?.flush());
outbox?.flush();
window.glossaJsPsych = jsPsych;
noteFirst();
keepFirstScreen();
await jsPsych.run(timeline);
