// The spec's JSON text changed in place: a value set, a field or list entry added, removed or
// moved, each as one change of the text ({ from, to, insert }) that leaves every other byte —
// the researcher's order, spacing and line breaks — as it was. New parts are laid out like
// their neighbours (the same indentation; on one line when the list or object is on one).
// Plain code, no DOM: the studio's form writes through it, and node tests it.

/** A parse error at a position of the text. */
class JsonTextError extends Error {}

/**
 * The text's value tree with positions: `{ type, from, to }`, and for an object `props`
 * (`[{ key, from, to, value }]`, `from`…`to` being the key and value with nothing around
 * them), for an array `items` (value nodes).
 */
export function parse(text) {
  let i = 0;
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const fail = (what) => { throw new JsonTextError(`${what} at ${i}`); };
  const string = () => {
    const from = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('an unclosed string');
    i++;
    return { type: 'string', from, to: i };
  };
  const value = () => {
    ws();
    const from = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const props = [];
      ws();
      if (text[i] === '}') { i++; return { type: 'object', from, to: i, props }; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a key expected');
        const k = string();
        const key = JSON.parse(text.slice(k.from, k.to));
        ws();
        if (text[i] !== ':') fail('":" expected');
        i++;
        const v = value();
        props.push({ key, from: k.from, to: v.to, value: v });
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return { type: 'object', from, to: i, props }; }
        fail('"," or "}" expected');
      }
    }
    if (c === '[') {
      i++;
      const items = [];
      ws();
      if (text[i] === ']') { i++; return { type: 'array', from, to: i, items }; }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return { type: 'array', from, to: i, items }; }
        fail('"," or "]" expected');
      }
    }
    if (c === '"') return string();
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail('a value expected');
    i += m[0].length;
    return { type: 'scalar', from, to: i };
  };
  const root = value();
  ws();
  if (i !== text.length) fail('text after the value');
  return root;
}

/** The node at `path` (keys and indices), or null. */
export function nodeAt(root, path) {
  let node = root;
  for (const seg of path) {
    if (node?.type === 'object' && typeof seg === 'string') node = node.props.find((p) => p.key === seg)?.value;
    else if (node?.type === 'array' && typeof seg === 'number') node = node.items[seg];
    else return null;
  }
  return node ?? null;
}

/** The whitespace that starts the line holding `pos`. */
function indentAt(text, pos) {
  const start = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))[0];
}

/** The text's indentation step: that of its first indented line (two spaces when none is). */
function stepOf(text) {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

/** `value` on one line, spaced as people write it: `{"a": 1, "b": [1, 2]}`. */
function inline(value) {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** `value` laid out from a line indented by `indent`, in steps of `step` (one line when `flat`). */
function layout(value, indent, step, flat) {
  if (flat) return inline(value);
  return JSON.stringify(value, null, step).replace(/\n/g, `\n${indent}`);
}

/** Whether a container's text spans lines. */
const multiline = (text, node) => text.slice(node.from, node.to).includes('\n');

/** Whether a value replacing `old` in `container` goes on one line: when the container is on
 * one, or `old` was a list or object on one line (`"ticks": ["0", "100"]`). */
const flatIn = (text, container, old) => !multiline(text, container)
  || (old.type !== 'scalar' && old.type !== 'string' && !multiline(text, old));

/** The entries of a container node: an object's properties or an array's items. */
const entries = (node) => (node.type === 'object' ? node.props : node.items);

/** The text of a new entry (`"key": value` or a value) for container `node` at its end. */
function entryText(text, node, key, value) {
  const step = stepOf(text);
  const flat = !multiline(text, node) && entries(node).length > 0;
  const list = entries(node);
  const indent = list.length ? indentAt(text, list[list.length - 1].from) : indentAt(text, node.from) + step;
  const body = layout(value, indent, step, flat);
  return { flat, indent, body: key === null ? body : `${JSON.stringify(key)}: ${body}` };
}

/** The change that adds an entry at the end of a container node. */
function append(text, node, key, value) {
  const list = entries(node);
  const { flat, indent, body } = entryText(text, node, key, value);
  if (list.length) {
    const last = list[list.length - 1];
    return { from: last.to, to: last.to, insert: flat ? `, ${body}` : `,\n${indent}${body}` };
  }
  // An empty container: laid out as its parent is (on one line when that is).
  const open = text[node.from];
  const close = open === '{' ? '}' : ']';
  const parentIndent = indentAt(text, node.from);
  const flatParent = !text.includes('\n') || (open === '[' && (value === null || typeof value !== 'object'));
  const insert = flatParent
    ? `${open}${key === null ? inline(value) : `${JSON.stringify(key)}: ${inline(value)}`}${close}`
    : `${open}\n${indent}${body}\n${parentIndent}${close}`;
  return { from: node.from, to: node.to, insert };
}

/** A value for a path that does not exist yet below `path[at]`: objects holding `value`. */
function nest(path, at, value) {
  let v = value;
  for (let k = path.length - 1; k > at; k--) v = typeof path[k] === 'number' ? [v] : { [path[k]]: v };
  return v;
}

/**
 * The change that makes the value at `path` be `value`: the value replaced where it is, the
 * field added (at the end of its object) where it is not, the objects on the way made too.
 */
export function setChange(text, path, value) {
  const root = parse(text);
  if (!path.length) return { from: root.from, to: root.to, insert: layout(value, '', stepOf(text), false) };
  let node = root;
  for (let k = 0; k < path.length; k++) {
    const seg = path[k];
    const last = k === path.length - 1;
    const rest = last ? value : nest(path, k, value);
    if (node.type === 'object' && typeof seg === 'string') {
      const prop = node.props.find((p) => p.key === seg);
      if (!prop) return append(text, node, seg, rest);
      if (last) {
        const v = prop.value;
        return { from: v.from, to: v.to, insert: layout(value, indentAt(text, prop.from), stepOf(text), flatIn(text, node, v)) };
      }
      node = prop.value;
    } else if (node.type === 'array' && typeof seg === 'number') {
      if (seg === node.items.length) return append(text, node, null, rest);
      const item = node.items[seg];
      if (!item) throw new RangeError(`no entry ${seg} in the list`);
      if (last) return { from: item.from, to: item.to, insert: layout(value, indentAt(text, item.from), stepOf(text), flatIn(text, node, item)) };
      node = item;
    } else {
      throw new TypeError(`${JSON.stringify(seg)} does not lead into a ${node.type}`);
    }
  }
  throw new Error('unreachable');
}

/** The change that takes the field or list entry at `path` away (with its comma). */
export function removeChange(text, path) {
  const root = parse(text);
  const container = nodeAt(root, path.slice(0, -1));
  const seg = path[path.length - 1];
  if (!container || (container.type !== 'object' && container.type !== 'array')) return null;
  const list = entries(container);
  const at = container.type === 'object' ? list.findIndex((p) => p.key === seg) : seg;
  if (at < 0 || at >= list.length) return null;
  if (list.length === 1) return { from: container.from, to: container.to, insert: container.type === 'object' ? '{}' : '[]' };
  if (at < list.length - 1) return { from: list[at].from, to: list[at + 1].from, insert: '' };
  return { from: list[at - 1].to, to: list[at].to, insert: '' };
}

/** The change that puts `value` into the list at `path` before its entry `index` (at the end
 * when `index` is its length). */
export function insertChange(text, path, index, value) {
  const root = parse(text);
  const list = nodeAt(root, path);
  if (!list) return setChange(text, path, [value]);
  if (list.type !== 'array') throw new TypeError('not a list');
  if (index >= list.items.length) return append(text, list, null, value);
  const item = list.items[index];
  const flat = !multiline(text, list);
  const indent = indentAt(text, item.from);
  const body = layout(value, indent, stepOf(text), flat);
  return { from: item.from, to: item.from, insert: flat ? `${body}, ` : `${body},\n${indent}` };
}

/** The change that moves the list entry `from` of the list at `path` to position `to`, every
 * entry keeping its own text and the separators staying where they were. */
export function moveChange(text, path, from, to) {
  const list = nodeAt(parse(text), path);
  if (!list || list.type !== 'array') return null;
  const n = list.items.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return null;
  const [lo, hi] = [Math.min(from, to), Math.max(from, to)];
  const texts = list.items.map((it) => text.slice(it.from, it.to));
  const order = [...texts.keys()];
  order.splice(to, 0, ...order.splice(from, 1));
  let insert = '';
  for (let k = lo; k <= hi; k++) {
    insert += texts[order[k]];
    if (k < hi) insert += text.slice(list.items[k].to, list.items[k + 1].from);
  }
  return { from: list.items[lo].from, to: list.items[hi].to, insert };
}

/** `text` with `change` applied. */
export function apply(text, change) {
  return change ? text.slice(0, change.from) + change.insert + text.slice(change.to) : text;
}

/** `controls[0].options` → `['controls', 0, 'options']` (the widget's paths). */
export function pathOf(string) {
  const out = [];
  for (const m of String(string).matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

/** `['controls', 0, 'options']` → `controls[0].options`. */
export function pathString(path) {
  return path.map((s, k) => (typeof s === 'number' ? `[${s}]` : k ? `.${s}` : s)).join('');
}
