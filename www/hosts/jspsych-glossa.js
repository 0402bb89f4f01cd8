// jsPsych (version 8) plugin: each trial shows one Glossa item; the trial ends when the
// annotator submits a valid answer, and the result document lands in the trial's data
// (`data.result`, plus `data.item_id` for convenience, and `data.rt`: ms from the trial's start
// to the accepted submit, as every jsPsych plugin records).
//
//   import GlossaPlugin from './www/hosts/jspsych-glossa.js';
//   const jsPsych = initJsPsych();
//   jsPsych.run([{ type: GlossaPlugin, spec, item: items[0], ids: { participant: 'P1' } }]);
import { mount } from '../glossa.js';

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
      /** Milliseconds from the trial's start to the accepted submit. */
      rt: { type: PT.INT },
      /** The Glossa result document. */
      result: { type: PT.OBJECT },
      /** The item's id. */
      item_id: { type: PT.STRING },
    },
  };

  constructor(jsPsych) {
    this.jsPsych = jsPsych;
  }

  trial(display_element, trial) {
    const start = performance.now();
    mount(display_element, {
      spec: trial.spec,
      item: trial.item,
      options: { ids: trial.ids ?? {}, seed: trial.seed ?? undefined },
    }).then((handle) => {
      display_element.addEventListener('glossa:submit', (e) => {
        const result = e.detail;
        handle.confirm(); // jsPsych keeps the data from here on
        handle.destroy();
        const rt = Math.round(performance.now() - start);
        this.jsPsych.finishTrial({ rt, item_id: result.item_id, result });
      }, { once: true });
    });
  }
}
