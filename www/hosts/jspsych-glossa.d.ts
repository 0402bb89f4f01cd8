// Types of the jsPsych plugin (`hosts/jspsych-glossa.js`).
import type { ResultDoc } from '../glossa.js';

/** The data a Glossa trial records. */
export interface GlossaTrialData {
  rt: number;
  item_id: string | null;
  result: ResultDoc | null;
  error: object | null;
}

/** A jsPsych 8 plugin: `{type: GlossaPlugin, spec, item, ids, seed}`. */
export default class GlossaPlugin {
  static info: { name: 'glossa'; version: string; parameters: Record<string, unknown>; data: Record<string, unknown> };
  constructor(jsPsych: unknown);
  trial(display_element: HTMLElement, trial: { spec: object | string; item: object | string; ids?: Record<string, string>; seed?: string | null }, on_load?: () => void): Promise<GlossaTrialData>;
}
