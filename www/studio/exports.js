// The studio's exports: the study folder as a zip (checked by `glossa check`, `plan` and
// `report`'s code), and the folder to upload — `glossa host`'s plan made in the researcher's
// wasm, the site's files fetched and zipped.
import { $, download, listLines, researcherWasm, rendererWasm, studyName } from './common.js';
import { state, save } from './store.js';

/** The plan's settings as `glossa plan` takes them. */
const planOptions = (num) => ({ per_item: num('plan-per-item'), annotators: num('plan-annotators'), gold_every: num('plan-gold-every'), seed: num('plan-seed') });

/** The export pane's settings (the plan's, the host's) are kept in this browser like the spec. */
const KEPT = ['plan-on', 'plan-per-item', 'plan-annotators', 'plan-gold-every', 'plan-seed', 'host-kind', 'host-url', 'host-complete', 'host-complete-attention', 'host-complete-error', 'host-datapipe'];

/**
 * The picked file for each media path the items give (`clips/c01.wav`): the one whose path in a
 * picked folder ends with it, else the one of its name when only one has it. `missing`: the
 * paths no picked file answers.
 */
function matchMedia(wanted, picked) {
  const found = new Map();
  const missing = [];
  for (const path of wanted) {
    const inFolder = picked.filter((f) => f.webkitRelativePath && `/${f.webkitRelativePath}`.endsWith(`/${path}`));
    const named = picked.filter((f) => f.name === path.split('/').pop());
    const file = inFolder.length === 1 ? inFolder[0] : named.length === 1 ? named[0] : null;
    if (file) found.set(path, file); else missing.push(path);
  }
  return { found, missing };
}

/** Wires the export pane; `cx` gives `goldFile()`. */
export function setupExports(cx) {
  state.settings ??= {};
  for (const id of KEPT) {
    const input = $(id);
    const kept = state.settings[id];
    if (kept !== undefined) { if (input.type === 'checkbox') input.checked = kept; else input.value = kept; }
    const keep = () => {
      state.settings[id] = input.type === 'checkbox' ? input.checked : input.value;
      save();
    };
    input.addEventListener('input', keep);
    input.addEventListener('change', keep);
  }

  $('export-study').addEventListener('click', async () => {
    const status = $('export-status');
    const problems = $('export-problems');
    problems.replaceChildren();
    status.textContent = 'Checking the study…';
    const num = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
    const plan = $('plan-on').checked
      ? JSON.stringify(planOptions(num))
      : '';
    const gold = state.gold.items.length ? JSON.stringify(cx.goldFile(), null, 2) + '\n' : '';
    try {
      const wasm = await researcherWasm();
      const zip = wasm.exportStudy(state.specText, JSON.stringify(state.items), gold, plan);
      const name = `${studyName(state.specText)}.zip`;
      download(name, zip, 'application/zip');
      status.textContent = `Exported ${name}: spec, ${state.items.length} items${gold ? ', gold' : ''}${plan ? ', plan' : ''}.`;
    } catch (e) {
      status.textContent = 'The study cannot be exported yet:';
      listLines(problems, e);
    }
  });

  $('host-media').addEventListener('change', () => {
    const n = $('host-media').files.length;
    $('media-status').textContent = n ? `${n} media file${n === 1 ? '' : 's'} picked: each goes where the items name it.` : '';
  });

  $('export-host').addEventListener('click', async () => {
    const status = $('host-status');
    const problems = $('host-problems');
    const shown = $('host-links');
    problems.replaceChildren();
    shown.hidden = true;
    status.textContent = 'Making the folder…';
    const kind = $('host-kind').value;
    const root = new URL('../../', import.meta.url);
    const num = (id) => Math.max(0, Math.floor(Number($(id).value) || 0));
    try {
      const wasm = await researcherWasm();
      const items = JSON.stringify(state.items);
      const gold = state.gold.items.length ? JSON.stringify(cx.goldFile()) : '';
      const plan = $('plan-on').checked
        ? wasm.makePlan(state.specText, items, gold, JSON.stringify(planOptions(num)))
        : '';
      const text = (p) => fetch(new URL(p, root)).then((r) => (r.ok ? r.text() : ''));
      // The items' first screens, rendered by the widget's own components as `glossa host`
      // renders them (a wasm of its own, fetched the first time a folder is made).
      const prerender = await rendererWasm();
      const screens = JSON.parse(prerender.firstScreens(state.specText, items));
      // The texts the plan reads: the pages it adapts, and what a page with a first screen
      // carries in it (the pages' stylesheets, the build's, first-screen.js).
      const builds = [...new Set(Object.values(screens).map((x) => x.build))];
      const wanted = ['index.html', 'www/hosts/mturk.html', 'www/hosts/pilot.css', 'www/hosts/jatos.css', 'www/hosts/mturk.css', 'www/first-screen.js',
        ...builds.map((b) => (b === 'media' ? 'www/glossa.css' : `www/pkg/${b}/glossa.css`))];
      const [listing, ...got] = await Promise.all([text('www/site-files.json'), ...wanted.map(text)]);
      const texts = Object.fromEntries(wanted.map((p, k) => [p, got[k]]).filter(([, t]) => t));
      const options = { url: $('host-url').value, datapipe: $('host-datapipe').value, complete: [$('host-complete').value, $('host-complete-attention').value, $('host-complete-error').value], screens };
      const site = new wasm.SiteZip(kind, state.specText, items, plan, JSON.stringify(options), listing || '[]', JSON.stringify(texts));
      try {
        // The items' media files, from the researcher's disk: every one the items name.
        const { found, missing } = matchMedia(JSON.parse(site.neededMedia()), [...$('host-media').files]);
        if (missing.length) {
          throw new Error(missing.map((p) => `${p}: pick this media file (the items name it, beside the items file)`).join('\n'));
        }
        for (const [path, file] of found) site.addMedia(path, new Uint8Array(await file.arrayBuffer()));
        const needed = JSON.parse(site.needed());
        for (let i = 0; i < needed.length; i += 8) {
          const batch = needed.slice(i, i + 8);
          const got = await Promise.all(batch.map(async (p) => {
            const r = await fetch(new URL(p, root));
            if (!r.ok) throw new Error(`${p} could not be fetched (${r.status})`);
            return new Uint8Array(await r.arrayBuffer());
          }));
          batch.forEach((p, k) => site.add(p, got[k]));
          status.textContent = `Making the folder… ${Math.min(i + 8, needed.length)} of ${needed.length} files`;
        }
        const zip = site.finish();
        const name = `${studyName(state.specText)}-${kind}.zip`;
        download(name, zip, 'application/zip');
        const media = found.size ? `, with ${found.size} media file${found.size === 1 ? '' : 's'}` : '';
        status.textContent = `Made ${name} (${(zip.length / 1e6).toFixed(1)} MB${media}). What to do with it:`;
        shown.textContent = site.links();
        shown.hidden = false;
      } finally {
        site.free();
      }
    } catch (e) {
      status.textContent = 'The folder cannot be made yet:';
      listLines(problems, e);
    }
  });
}
