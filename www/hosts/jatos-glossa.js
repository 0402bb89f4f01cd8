// The JATOS component: a study's items one after another inside JATOS, each result appended
// to the component's result data as one JSON line (`jatos.appendResultData`), the progress kept
// in the study session (`jatos.setStudySessionData`) so a reload — or a participant coming back
// — resumes with the next unanswered item; at the end the study ends, or redirects (e.g. to
// Prolific's completion link). `glossa collect jatos` reads JATOS's export back.
//
// Configuration, in the component's JSON input (or the study link's query): `spec` and `items`
// (paths in the study assets; default `spec.json` and `items.jsonl`), `plan` (a `glossa plan`:
// the participant's slot picks their items), `complete` (an http(s) link to end on),
// `complete_attention` (where a participant who missed an instructed answer of the plan's
// attention items ends instead) and `complete_error` (where a participant ends when the task
// cannot be shown: Prolific's code to return the study). Prolific's
// PROLIFIC_PID, STUDY_ID and SESSION_ID, `participant` or `workerId` in the study link go into
// every result's ids, with JATOS's worker id.
import { mount } from '../glossa.js';
import { hostStrings } from './host-strings.js';
import { asInstructed, httpLink, parseItems, planSlot, withMediaFrom } from './pilot.js';

const ID_PARAMS = ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID', 'participant', 'workerId'];

/** Waits for a promise, trying again (1 s, 2 s, … 30 s) while it fails: JATOS may be briefly unreachable. */
async function persist(step) {
  for (let delay = 1000; ; delay = Math.min(delay * 2, 30000)) {
    try { return await step(); } catch { await new Promise((ok) => setTimeout(ok, delay)); }
  }
}

export function runJatos(el) {
  const jatos = window.jatos;
  if (!jatos) {
    el.task.textContent = 'This page runs inside JATOS (jatos.js is missing).';
    return;
  }
  jatos.onLoad(async () => {
    const query = jatos.urlQueryParameters ?? {};
    const input = typeof jatos.componentJsonInput === 'object' && jatos.componentJsonInput ? jatos.componentJsonInput : {};
    const cfg = { spec: 'spec.json', items: 'items.jsonl', ...input };
    for (const k of ['spec', 'items', 'plan', 'complete', 'complete_attention', 'complete_error']) if (query[k]) cfg[k] = query[k];
    let say = (await hostStrings({})).say;
    try {
      const spec = await (await fetch(cfg.spec)).text();
      const strings = await hostStrings(spec);
      say = strings.say;
      document.documentElement.lang = strings.lang;
      document.documentElement.dir = strings.dir;
      let items = withMediaFrom(spec, parseItems(await (await fetch(cfg.items)).text()), new URL(cfg.items, location.href));
      const ids = Object.fromEntries(ID_PARAMS.filter((k) => query[k]).map((k) => [k, String(query[k])]));
      if (jatos.workerId !== undefined) ids.jatos_worker = String(jatos.workerId);
      let attention = {};
      let gold = new Set();
      if (cfg.plan) {
        const plan = await (await fetch(cfg.plan)).json();
        attention = plan.attention ?? {};
        const who = ids.PROLIFIC_PID ?? ids.participant ?? ids.workerId ?? ids.jatos_worker ?? 'anonymous';
        const slot = planSlot(plan, items, who);
        ids.slot = slot.slot;
        gold = new Set(plan.gold ?? []);
        items = slot.items;
      }
      const session = typeof jatos.studySessionData === 'object' && jatos.studySessionData ? jatos.studySessionData : {};
      const done = new Set(session.glossa?.done ?? []);
      // The attention items missed, kept in the session with the progress (a reload keeps them).
      const missed = new Set(session.glossa?.missed ?? []);
      // Where this page's address is (first-screen.js: a participant back at a later item
      // does not see the first item's pre-rendered screen).
      const at = (id) => { try { localStorage.setItem(`glossa:first-screen:${location.pathname}${location.search}`, id); } catch { /* no storage */ } };
      const finish = async () => {
        at('');
        el.progress.textContent = say('allDone', { total: items.length });
        el.task.replaceChildren();
        const link = missed.size && cfg.complete_attention ? cfg.complete_attention : cfg.complete;
        const complete = link ? httpLink(link) : null;
        await persist(() => (complete ? jatos.endStudyAndRedirect(complete, true) : jatos.endStudy(true)));
      };
      const show = async () => {
        const i = items.findIndex((it) => !done.has(it.id));
        if (i < 0) return finish();
        at(items[i].id);
        el.progress.textContent = say('itemOf', { n: done.size + 1, total: items.length });
        // A gold item's result says so (`ids.gold`), as on the pilot and jsPsych pages.
        const itemIds = gold.has(items[i].id) ? { ...ids, gold: 'gold' } : ids;
        const handle = await mount(el.task, { spec, item: items[i], options: { ids: itemIds, seed: Object.values(ids).join('&') } });
        el.task.addEventListener('glossa:submit', async (e) => {
          const result = e.detail;
          // The result first, then the progress: a reload between the two sends the item
          // again, and `glossa collect jatos` keeps the first result per item and participant.
          await persist(() => jatos.appendResultData(`${JSON.stringify(result)}\n`));
          done.add(result.item_id);
          const want = attention[result.item_id] ?? {};
          if (Object.entries(want).some(([c, v]) => !asInstructed(result.answers?.[c], v))) missed.add(result.item_id);
          await persist(() => jatos.setStudySessionData({ ...session, glossa: { done: [...done], missed: [...missed] } }));
          handle.confirm();
          handle.destroy();
          await show();
        }, { once: true });
      };
      await show();
    } catch (e) {
      const alert = document.createElement('p');
      alert.setAttribute('role', 'alert');
      alert.textContent = say('loadFailed', { message: String(e?.message ?? e) });
      el.task.replaceChildren(alert);
      // Nothing to annotate: the participant ends where the study says (Prolific: return it).
      const back = cfg.complete_error ? httpLink(cfg.complete_error) : null;
      if (back) {
        const a = Object.assign(document.createElement('a'), { href: back, textContent: say('finish') });
        a.addEventListener('click', (ev) => { ev.preventDefault(); persist(() => jatos.endStudyAndRedirect(back, false)); });
        el.task.append(' ', a);
      }
    }
  });
}
