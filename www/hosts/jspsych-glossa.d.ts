// Types of the jsPsych plugin (`hosts/jspsych-glossa.js`).
import type { GlossaError, ResultDoc } from '../glossa.js';

/** The data a Glossa trial records. */
export interface GlossaTrialData {
  /** ms from the item on screen to the accepted submit (after an error: from the error shown to Continue). */
  rt: number;
  item_id: string | null;
  /** The answers by control id (the result's `answers`). */
  response: Record<string, unknown> | null;
  result: ResultDoc | null;
  /** `glossa:error`'s shape (`kind: 'simulate'` when a simulation found no answer). */
  error: (Omit<GlossaError, 'kind'> & { kind: GlossaError['kind'] | 'simulate' }) | null;
}

/** A jsPsych 8 plugin: `{type: GlossaPlugin, spec, item, ids, seed}`. */
export default class GlossaPlugin {
  static info: { name: 'glossa'; version: string; parameters: Record<string, unknown>; data: Record<string, unknown> };
  constructor(jsPsych: unknown);
  trial(display_element: HTMLElement, trial: { spec: object | string; item: object | string; ids?: Record<string, string>; seed?: string | null }, on_load?: () => void): Promise<GlossaTrialData>;
}
