// The participant's page checks an attention item's answer against the plan's instructed
// answer (issue 53): an instructed object by each of its keys — a judgement's winner (ESA's
// "choose translation 1"), a point per output — anything else exactly. The pilot runner and
// the JATOS component share this one function; Qualtrics' ES5 copy is checked beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { asInstructed } from '../../www/hosts/pilot.js';

const CASES = [
  // [given, instructed, as instructed?]
  [{ winner: 'ONLINE-A', loser: 'ONLINE-B', tie: false }, { winner: 'ONLINE-A' }, true],
  [{ winner: 'ONLINE-B', loser: 'ONLINE-A', tie: false }, { winner: 'ONLINE-A' }, false],
  [{ winner: null, loser: null, tie: true }, { tie: true }, true],
  [{ helpful: { winner: 'a', loser: 'b', tie: false }, correct: { winner: 'b', loser: 'a', tie: false } }, { helpful: { winner: 'a' } }, true],
  [{ 'sys-a': 100, 'sys-b': 3 }, { 'sys-a': 100 }, true],
  [{ 'sys-a': 99 }, { 'sys-a': 100 }, false],
  ['risposta_non_fornita', 'risposta_non_fornita', true],
  [['a'], ['a', 'b'], false],
  [undefined, { winner: 'ONLINE-A' }, false],
  [undefined, null, true],
];

test('an answer is as instructed by the instructed keys of an object, else exactly', () => {
  for (const [given, want, ok] of CASES) {
    assert.equal(asInstructed(given, want), ok, `${JSON.stringify(given)} against ${JSON.stringify(want)}`);
  }
});

test("Qualtrics' ES5 copy decides every case alike", () => {
  const src = readFileSync(new URL('../../www/hosts/qualtrics.js', import.meta.url), 'utf8');
  const at = src.indexOf('var asInstructed = function');
  assert.ok(at > 0, 'qualtrics.js has its copy');
  const body = src.slice(at, src.indexOf('};', at) + 2);
  const copy = new Function(`${body}; return asInstructed;`)();
  for (const [given, want, ok] of CASES) {
    assert.equal(copy(given, want), ok, `${JSON.stringify(given)} against ${JSON.stringify(want)}`);
  }
});
