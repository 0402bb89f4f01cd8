// What a screen in another language must not show: the English word runs of Glossa's own
// strings (the text between placeholders, three letters or more) that the language's strings
// do not also have. Shared by the end-to-end tests and the cross-engine tier.
import { readFileSync } from 'node:fs';

// (A language's strings with its media family's: www/strings/media/.)
const file = (path) => JSON.parse(readFileSync(new URL(`../www/strings/${path}.json`, import.meta.url), 'utf8'));
const read = (tag) => ({ ...file(tag), ...file(`media/${tag}`) });

/** The English runs a screen whose strings are `own` (an object of strings) must not show. */
export function englishRuns(own) {
  const theirs = Object.values(own).join('\n');
  const runs = new Set();
  for (const [key, text] of Object.entries(read('en'))) {
    if (key.startsWith('_') || key === 'decimal_point') continue;
    for (const run of text.split(/\{[^}]*\}/)) {
      const words = run.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
      if ((words.match(/[A-Za-z]/g) ?? []).length >= 3 && !theirs.includes(words)) runs.add(words);
    }
  }
  return [...runs];
}

/** The strings of a shipped language. */
export function shipped(tag) {
  return read(tag);
}

/** The runs of `runs` that `shown` (a screen's text) holds as whole words. */
export function foundIn(shown, runs) {
  return runs.filter((w) => new RegExp(`(^|[^A-Za-z])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`).test(shown));
}
