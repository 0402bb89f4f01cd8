// The studio's in-place JSON edits (www/studio/jsonedit.js): each edit changes the value it
// names and nothing else of the researcher's text; a property test runs random edits on random
// documents written in several layouts and compares with the same edit made on the parsed value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apply, setChange, removeChange, insertChange, moveChange, parse, pathOf, pathString } from '../../www/studio/jsonedit.js';

const SPEC = `{
  "id": "demo",
  "title":   "Keep my spacing",
  "controls": [
    {
      "kind": "single_choice", "id": "q",
      "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]
    }
  ]
}
`;

test('a value set in place leaves every other byte as it was', () => {
  const out = apply(SPEC, setChange(SPEC, ['controls', 0, 'options', 1, 'label'], 'Bé'));
  assert.equal(out, SPEC.replace('"label": "B"', '"label": "Bé"'));
  const title = apply(SPEC, setChange(SPEC, ['title'], 'عنوان'));
  assert.equal(title, SPEC.replace('"Keep my spacing"', '"عنوان"'));
});

test('a new field goes at the end of its object, laid out like its neighbours', () => {
  const out = apply(SPEC, setChange(SPEC, ['language'], 'it'));
  assert.equal(out, SPEC.replace('  ]\n}', '  ],\n  "language": "it"\n}'));
  // In an object on one line, on that line.
  const inline = apply(SPEC, setChange(SPEC, ['controls', 0, 'options', 0, 'description'], 'x'));
  assert.ok(inline.includes('{"value": "a", "label": "A", "description": "x"}'), inline);
  // Objects on the way are made.
  const deep = apply(SPEC, setChange(SPEC, ['suggestions', 'show_percent'], 50));
  assert.deepEqual(JSON.parse(deep).suggestions, { show_percent: 50 });
  assert.ok(deep.includes('  "suggestions": {\n    "show_percent": 50\n  }\n}'), deep);
});

test('a list entry is added, removed and moved with its own text', () => {
  const added = apply(SPEC, insertChange(SPEC, ['controls', 0, 'options'], 1, { value: 'm', label: 'M' }));
  assert.deepEqual(JSON.parse(added).controls[0].options.map((o) => o.value), ['a', 'm', 'b']);
  assert.ok(added.includes('[{"value": "a", "label": "A"}, {"value": "m", "label": "M"}, {"value": "b", "label": "B"}]'));
  const moved = apply(SPEC, moveChange(SPEC, ['controls', 0, 'options'], 1, 0));
  assert.ok(moved.includes('[{"value": "b", "label": "B"}, {"value": "a", "label": "A"}]'), moved);
  const removed = apply(SPEC, removeChange(SPEC, ['controls', 0, 'options', 0]));
  assert.ok(removed.includes('"options": [{"value": "b", "label": "B"}]'), removed);
  const field = apply(SPEC, removeChange(SPEC, ['title']));
  assert.equal(field, SPEC.replace('  "title":   "Keep my spacing",\n', ''));
  const lastField = apply(SPEC, removeChange(SPEC, ['controls']));
  assert.equal(lastField, SPEC.replace(/,\n {2}"controls": \[[\s\S]*\n {2}\]/, ''));
  const control = apply(SPEC, insertChange(SPEC, ['controls'], 1, { kind: 'text', id: 't' }));
  assert.deepEqual(JSON.parse(control).controls.map((c) => c.id), ['q', 't']);
  assert.ok(control.includes('  },\n    {\n      "kind": "text",\n      "id": "t"\n    }\n  ]'), control);
});

test('paths read and written as the widget names them', () => {
  assert.deepEqual(pathOf('controls[0].options[12].label'), ['controls', 0, 'options', 12, 'label']);
  assert.equal(pathString(['controls', 0, 'options', 12, 'label']), 'controls[0].options[12].label');
  assert.equal(pathString([]), '');
});

test('text that is not JSON is refused, not guessed at', () => {
  assert.throws(() => parse('{"a": }'));
  assert.throws(() => setChange('{"a": 1', ['a'], 2));
});

// ---- the property test ----

/** A small seeded generator (mulberry32). */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(r, depth) {
  const k = Math.floor(r() * (depth > 2 ? 4 : 6));
  if (k === 0) return Math.floor(r() * 100) - 20;
  if (k === 1) return ['', 'a "q"', 'ü\\n', 'سلام', 'x'][Math.floor(r() * 5)];
  if (k === 2) return [true, false, null][Math.floor(r() * 3)];
  if (k === 3) return 1.5;
  if (k === 4) return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
  const o = {};
  for (let i = Math.floor(r() * 4); i > 0; i--) o[`k${Math.floor(r() * 6)}`] = randomValue(r, depth + 1);
  return o;
}

/** Every path to a value inside `v`, with the value. */
function paths(v, at = []) {
  const out = [[at, v]];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

function getAt(v, path) { return path.reduce((x, s) => x[s], v); }

test('random edits on random documents in any layout equal the same edits on the value', () => {
  const r = rng(42);
  let executed = 0;
  const layouts = [(v) => JSON.stringify(v, null, 2), (v) => JSON.stringify(v), (v) => JSON.stringify(v, null, '\t'), (v) => `  ${JSON.stringify(v, null, 4)}\n`];
  for (let round = 0; round < 3000; round++) {
    const doc = { root: randomValue(r, 0) };
    if (typeof doc.root !== 'object' || doc.root === null) doc.root = { x: doc.root };
    let text = layouts[round % layouts.length](doc);
    const value = JSON.parse(text);
    const all = paths(value).filter(([p]) => p.length);
    const [path, at] = all[Math.floor(r() * all.length)];
    const parent = getAt(value, path.slice(0, -1));
    const last = path[path.length - 1];
    const expected = structuredClone(value);
    const expParent = getAt(expected, path.slice(0, -1));
    const op = Math.floor(r() * 5);
    let change;
    const fresh = randomValue(r, 2);
    if (op === 0) { change = setChange(text, path, fresh); expParent[last] = fresh; }
    else if (op === 1) { change = removeChange(text, path); if (Array.isArray(expParent)) expParent.splice(last, 1); else delete expParent[last]; }
    else if (op === 2 && Array.isArray(at)) { const i = Math.floor(r() * (at.length + 1)); change = insertChange(text, path, i, fresh); getAt(expected, path).splice(i, 0, fresh); }
    else if (op === 3 && Array.isArray(parent) && parent.length > 1) {
      const to = Math.floor(r() * parent.length);
      change = moveChange(text, path.slice(0, -1), last, to);
      expParent.splice(to, 0, ...expParent.splice(last, 1));
    } else if (at && typeof at === 'object' && !Array.isArray(at)) {
      change = setChange(text, [...path, 'new key'], fresh);
      getAt(expected, path)['new key'] = fresh;
    } else continue;
    executed++;
    const before = text;
    text = apply(text, change);
    assert.deepEqual(JSON.parse(text), expected, `round ${round}: ${JSON.stringify(path)} op ${op} on\n${before}\n→\n${text}`);
    // Nothing outside the change moved.
    if (change) {
      assert.equal(text.slice(0, change.from), before.slice(0, change.from));
      assert.equal(text.slice(change.from + change.insert.length), before.slice(change.to));
    }
  }
  assert.ok(executed > 2000, `${executed} edits made`);
});
