// jsPsych (version 8) plugin: each trial shows one Glossa item; the trial ends when the
// annotator submits a valid answer, and the result document lands in the trial's data
// (`data.result`, plus `data.item_id` for convenience, and `data.rt`: ms from the trial's start
// to the accepted submit, as every jsPsych plugin records).
//
//   import GlossaPlugin from './www/hosts/jspsych-glossa.js';
//   const jsPsych = initJsPsych();
//   jsPsych.run([{ type: GlossaPlugin, spec, item: items[0], ids: { participant: 'P1' } }]);
//
// `trial()` returns a promise (jsPsych waits for it) that resolves with the trial's data. A
// spec or item Glossa cannot show, or a bundle that does not load, never hangs the timeline:
// the error stays on screen with a Continue button, and the trial's data records it
// (`data.error`, `data.result` null).
import { mount } from '../glossa.js';
import { langOf, text } from './host-strings.js';

// jsPsych's ParameterType values (stable across v7 and v8); taken from the page's jsPsych
// when it is loaded as a script, so the plugin works with or without a bundler.
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
      /** Milliseconds from the trial's start to the accepted submit (or to Continue after an error). */
      rt: { type: PT.INT },
      /** The item's id. */
      item_id: { type: PT.STRING },
      /** The Glossa result document (null when the item could not be shown). */
      result: { type: PT.OBJECT },
      /** Why the item could not be shown (`{kind, problems}` or `{kind: "load", message}`); null otherwise. */
      error: { type: PT.OBJECT },
    },
  };

  constructor(jsPsych) {
    this.jsPsych = jsPsych;
  }

  async trial(display_element, trial, on_load) {
    const start = performance.now();
    const itemId = (() => {
      try { return (typeof trial.item === 'string' ? JSON.parse(trial.item) : trial.item)?.id ?? null; } catch { return null; }
    })();
    const lang = langOf(trial.spec);
    const data = (result, error) => ({ rt: Math.round(performance.now() - start), item_id: result?.item_id ?? itemId, result, error });
    // The error is shown (the widget's panel, or the load message) with a way on.
    const failed = (error, message) => new Promise((resolve) => {
      if (message) {
        const p = document.createElement('p');
        p.setAttribute('role', 'alert');
        p.textContent = message;
        display_element.replaceChildren(p);
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'jspsych-btn';
      button.textContent = text(lang, 'continue');
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
      });
    } catch (e) {
      on_load?.();
      return failed({ kind: 'load', message: String(e?.message ?? e) }, text(lang, 'loadFailed', { message: e?.message ?? e }));
    } finally {
      display_element.removeEventListener('glossa:error', onError);
    }
    on_load?.();
    if (error) {
      const shown = await failed(error, null);
      handle.destroy();
      return shown;
    }
    return new Promise((resolve) => {
      display_element.addEventListener('glossa:submit', (e) => {
        const result = e.detail;
        handle.confirm(); // jsPsych keeps the data from here on
        handle.destroy();
        resolve(data(result, null));
      }, { once: true });
    });
  }
}
