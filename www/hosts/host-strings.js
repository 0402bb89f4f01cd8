// The host pages' own words (pilot runner, jsPsych, JATOS, MTurk), in the task's language: the
// `host.*` strings of the same files the widget reads (`www/strings/<tag>.json`), with the
// spec's own `ui_strings` over them. `say('itemOf', {n, total})` reads `host.item_of`.
import { strings } from '../glossa.js';

const snake = (key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The host strings of a spec (object or JSON text): `{lang, dir, say(key, params)}`. When the
 * strings files cannot be fetched, `say` gives the key's English fallback below (a page that
 * cannot reach its own files still says something).
 */
export async function hostStrings(spec) {
  try {
    const s = await strings(spec);
    return { lang: s.tag, dir: s.dir, say: (key, params) => s.text(key.includes('.') ? key : `host.${snake(key)}`, params) };
  } catch {
    return { lang: 'en', dir: 'ltr', say: (key, params = {}) => (OFFLINE[key] ?? key).replace(/\{(\w+)\}/g, (w, n) => (n in params ? String(params[n]) : w)) };
  }
}

/** What a page says when even the strings files cannot be fetched. */
const OFFLINE = {
  loadFailed: 'This task could not be loaded: {message}',
  sorry: 'Sorry — this task cannot be shown on this device.',
};
