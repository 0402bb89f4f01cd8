// The MTurk ExternalQuestion page's script (www/hosts/mturk.html, and the page `glossa host
// mturk` writes): a file, not an inline script, so the page runs under a strict
// Content-Security-Policy.
// MTurk ExternalQuestion page. MTurk opens it with assignmentId, hitId, workerId and
// turkSubmitTo; the requester adds spec=URL&items=URL&item=ID (URLs on this page's origin).
// Preview (assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE): the item is shown locked.
// Submit: the result JSON is posted to turkSubmitTo + /mturk/externalSubmit with the
// assignment id, as MTurk requires.
import { mount } from '../glossa.js';
import { hostStrings } from './host-strings.js';
import { parseItems, withMediaFrom } from './pilot.js';

const q = new URLSearchParams(location.search);
// A page made for one study (`glossa host mturk`) names it in <body data-spec=… data-items=…>;
// the HIT's URL wins.
for (const [k, v] of Object.entries(document.body.dataset)) if (v && !q.has(k)) q.set(k, v);
const assignmentId = q.get('assignmentId') ?? '';
const preview = assignmentId === '' || assignmentId === 'ASSIGNMENT_ID_NOT_AVAILABLE';
const sameOrigin = (u) => { const url = new URL(u, location.href); if (url.origin !== location.origin) throw new Error(`${u} is not on this origin`); return url.href; };
const task = document.getElementById('task');
let say = (await hostStrings({})).say;
try {
  const [spec, items] = await Promise.all([
    fetch(sameOrigin(q.get('spec'))).then((r) => r.text()),
    fetch(sameOrigin(q.get('items'))).then((r) => r.text()).then(parseItems),
  ]).then(([s, list]) => [s, withMediaFrom(s, list, new URL(sameOrigin(q.get('items'))))]);
  const wanted = q.get('item');
  const item = items.find((i) => i.id === wanted) ?? items[Number(wanted) - 1];
  if (!item) throw new Error(`no item ${wanted}`);
  // The worker's page speaks the task's language.
  const strings = await hostStrings(spec);
  say = strings.say;
  document.documentElement.lang = strings.lang;
  document.documentElement.dir = strings.dir;
  const note = document.getElementById('preview-note');
  note.textContent = say('preview');
  note.hidden = !preview;
  const ids = Object.fromEntries(['assignmentId', 'hitId', 'workerId'].filter((k) => q.get(k) && !preview).map((k) => [k, q.get(k)]));
  const handle = await mount(task, { spec, item, options: { ids, seed: q.get('workerId') ?? undefined, readonly: preview } });
  task.addEventListener('glossa:submit', (e) => {
    const form = document.getElementById('mturk-form');
    const base = new URL(q.get('turkSubmitTo') ?? 'https://www.mturk.com');
    form.action = new URL('/mturk/externalSubmit', base).href;
    form.elements.assignmentId.value = assignmentId;
    form.elements.glossaResult.value = JSON.stringify(e.detail);
    handle.confirm(); // the form post hands the result to MTurk
    form.submit();
  });
} catch (err) {
  task.textContent = say('loadFailed', { message: err.message });
  task.setAttribute('role', 'alert');
}
