// jsPsych (version 8) plugin: each trial shows one Glossa item; the trial ends when the
// annotator submits a valid answer, and the result document lands in the trial's data:
// `data.result` (the whole document), `data.response` (its answers, keyed by control id, as
// jsPsych's survey plugins record `response`), `data.item_id`, and `data.rt`: ms from the item
// being on screen (the bundle loaded and the widget rendered) to the accepted submit.
//
//   import GlossaPlugin from './www/hosts/jspsych-glossa.js';
//   const jsPsych = initJsPsych();
//   jsPsych.run([{ type: GlossaPlugin, spec, item: items[0], ids: { participant: 'P1' } }]);
//
// `trial()` returns a promise (jsPsych waits for it) that resolves with the trial's data. A
// spec or item Glossa cannot show, or a bundle that does not load, never hangs the timeline:
// the error stays on screen with a Continue button, and the trial's data records it
// (`data.error`, `data.result` null).
//
// Simulation (`jsPsych.simulate(timeline, mode)`): `data-only` makes a simulated annotator's
// result without a screen — answers any annotator could give, respecting every rule of the
// spec — and `visual` mounts the widget, answers through it (the answers show) and presses its
// own submit button. Either way the result's `ids.simulated` says so, and
// `simulation_options.data` overrides fields of the data as with jsPsych's own plugins
// (`simulation_options.seed` picks the simulated annotator; random otherwise).
import { buildFor, loadError, mount, simulate } from '../glossa.js';
import { hostStrings } from './host-strings.js';

// jsPsych's ParameterType values (stable across v7 and v8); taken from the page's jsPsych
// when it is loaded as a script, so the plugin works with or without a bundler.
/**
 * The first trial's screen `glossa host jspsych` wrote into the page (`[data-glossa-item]`,
 * rendered by the widget's own components), kept by `keepFirstScreen()` before jsPsych empties
 * the page, and taken over by the trial of its item: what the participant did on it is done
 * again on the widget (`www/first-screen.js`).
 */
let firstScreen = null;

/** Keeps the page's pre-rendered first screen for its trial: call it before `jsPsych.run`. */
export function keepFirstScreen() {
  firstScreen = document.querySelector('[data-glossa-item], #glossa-first');
}

const PT = globalThis.jsPsychModule?.ParameterType ?? { STRING: 1, INT: 2, OBJECT: 12 };

export default class GlossaPlugin {
  static info = {
    name: 'glossa',
    version: '0.1.0',
    parameters: {
      /** The task spec (object or JSON string). */
      spec: { type: PT.OBJECT, default: undefined },
      /** The item (object or JSON string). */
      item: { type: PT.OBJECT, default: undefined },
      /** Ids recorded in the result (participant, session, ...). */
      ids: { type: PT.OBJECT, default: {} },
      /** Seed for shuffled outputs (e.g. the participant id). */
      seed: { type: PT.STRING, default: null },
    },
    data: {
      /**
       * Milliseconds from the item being on screen (bundle loaded, widget rendered) to the
       * accepted submit; after an error, from the error being shown to Continue.
       */
      rt: { type: PT.INT },
      /** The item's id. */
      item_id: { type: PT.STRING },
      /** The answers, keyed by control id (the result's `answers`; null without a result). */
      response: { type: PT.OBJECT },
      /** The Glossa result document (null when the item could not be shown). */
      result: { type: PT.OBJECT },
      /** Why the item could not be shown (`glossa:error`'s shape: `{valid, kind, stage, message, problems}`); null otherwise. */
      error: { type: PT.OBJECT },
    },
    citations: {
      apa: 'Glossa contributors. (2026). Glossa: Browser-side annotation tasks from a spec file (Version 0.1.0) [Computer software].',
      bibtex: '@software{glossa, title = {Glossa: Browser-side annotation tasks from a spec file}, author = {{Glossa contributors}}, year = {2026}, version = {0.1.0}}',
    },
  };

  constructor(jsPsych) {
    this.jsPsych = jsPsych;
  }

  trial(display_element, trial, on_load) {
    return this.run(display_element, trial, on_load, null);
  }

  /**
   * jsPsych's simulation: `data-only` records a simulated annotator's result without a screen;
   * `visual` answers through the widget and submits with its own button.
   */
  async simulate(trial, simulation_mode, simulation_options = {}, load_callback) {
    const seed = Number.isInteger(simulation_options.seed) ? simulation_options.seed : Math.floor(Math.random() * 2 ** 32);
    const mode = simulation_mode === 'visual' ? 'visual' : 'data-only';
    const simulated = { ...trial, ids: { ...(trial.ids ?? {}), simulated: mode } };
    if (mode === 'visual') {
      const data = await this.run(this.jsPsych.getDisplayElement(), simulated, load_callback, seed);
      return this.jsPsych.pluginAPI.mergeSimulationData(data, simulation_options);
    }
    let result = null;
    let error = null;
    try {
      result = await simulate({ spec: trial.spec, item: trial.item, options: { ids: simulated.ids, seed: trial.seed ?? undefined } }, seed);
    } catch (e) {
      error = { ...loadError(String(e?.message ?? e)), kind: 'simulate', stage: 'mount' };
    }
    const rt = Math.round(this.jsPsych.randomization.sampleExGaussian(8000, 1500, 1 / 4000, true));
    load_callback?.();
    return this.jsPsych.pluginAPI.mergeSimulationData(
      { rt, item_id: result?.item_id ?? itemIdOf(trial), response: result?.answers ?? null, result, error },
      simulation_options,
    );
  }

  async run(display_element, trial, on_load, simulateSeed) {
    let start = performance.now();
    const itemId = itemIdOf(trial);
    // The page's first screen, when it is this item's, is on screen at once (before any wait),
    // where the widget renders, and `mount()` takes it over.
    // (jsPsych puts its own content box after the page's: the page's goes, taken or not.)
    const screen = firstScreen;
    firstScreen = null;
    if (screen?.dataset.glossaItem && screen.dataset.glossaItem === itemId && simulateSeed === null) {
      display_element.replaceChildren(...screen.childNodes);
      display_element.dataset.glossaItem = itemId;
    }
    (screen?.closest('.jspsych-content-wrapper') ?? screen)?.remove();
    const { say } = await hostStrings(trial.spec);
    const data = (result, error) => ({
      rt: Math.round(performance.now() - start), item_id: result?.item_id ?? itemId, response: result?.answers ?? null, result, error,
    });
    // The error is shown (the widget's panel, or the load message) with a way on.
    const failed = (error, message) => new Promise((resolve) => {
      if (message) {
        const p = document.createElement('p');
        p.setAttribute('role', 'alert');
        p.textContent = message;
        display_element.replaceChildren(p);
      }
      start = performance.now(); // rt: from the error on screen to Continue
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'jspsych-btn';
      button.textContent = say('continue');
      button.addEventListener('click', () => resolve(data(null, error)), { once: true });
      display_element.append(button);
      button.focus();
    });
    let error = null;
    const onError = (e) => { error = e.detail; };
    display_element.addEventListener('glossa:error', onError);
    let handle;
    try {
      handle = await mount(display_element, {
        spec: trial.spec,
        item: trial.item,
        options: { ids: trial.ids ?? {}, seed: trial.seed ?? undefined },
        build: simulateSeed === null ? undefined : buildFor(trial.spec, { simulated: true }),
      });
    } catch (e) {
      on_load?.();
      return failed(loadError(String(e?.message ?? e)), say('loadFailed', { message: e?.message ?? e }));
    } finally {
      display_element.removeEventListener('glossa:error', onError);
    }
    on_load?.();
    if (error) {
      const shown = await failed(error, null);
      handle.destroy();
      return shown;
    }
    start = performance.now(); // the item is on screen
    const submitted = new Promise((resolve) => {
      display_element.addEventListener('glossa:submit', (e) => {
        const result = e.detail;
        handle.confirm(); // jsPsych keeps the data from here on
        handle.destroy();
        resolve(data(result, null));
      }, { once: true });
    });
    if (simulateSeed !== null) {
      if (!handle.simulate(simulateSeed)) {
        handle.destroy();
        return data(null, { ...loadError('no valid simulated answer for this item'), kind: 'simulate', stage: 'run' });
      }
      // Let the answers show, then press the widget's own submit button.
      await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
      display_element.querySelector('.glossa-submit')?.click();
    }
    return submitted;
  }
}

/** The item's id from a trial's `item` (an object or JSON text), or null. */
function itemIdOf(trial) {
  try { return (typeof trial.item === 'string' ? JSON.parse(trial.item) : trial.item)?.id ?? null; } catch { return null; }
}
