// The studio's code editor: CodeMirror 6 for JSON, with completion from the spec's JSON Schema
// (property names and allowed values where the cursor is, each with its documentation), the
// syntax errors of the text, and the problems the widget found, each at its JSON path.
// Bundled by esbuild into www/vendor/codemirror.js (scripts/build.sh studio); never a CDN.
import { EditorState, Compartment } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, undo, redo, undoDepth, redoDepth } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { syntaxTree, bracketMatching, foldGutter, indentOnInput, syntaxHighlighting, defaultHighlightStyle, bidiIsolates } from '@codemirror/language';
import { linter, lintGutter, forceLinting, lintKeymap } from '@codemirror/lint';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** `controls[0].options` → `['controls', 0, 'options']`. */
export function parsePath(path) {
  const out = [];
  for (const m of String(path).matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

/** The value nodes of an array node, in order. */
function arrayValues(node) {
  const out = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (VALUES.has(c.name)) out.push(c);
  return out;
}

/** The properties of an object node: `[{ key, prop, value }]`. */
function properties(state, node) {
  const out = [];
  for (let p = node.firstChild; p; p = p.nextSibling) {
    if (p.name !== 'Property') continue;
    const name = p.getChild('PropertyName');
    let key = null;
    try { key = JSON.parse(state.sliceDoc(name.from, name.to)); } catch { key = state.sliceDoc(name.from, name.to).replace(/^"|"$/g, ''); }
    let value = null;
    for (let c = name.nextSibling; c; c = c.nextSibling) if (VALUES.has(c.name)) { value = c; break; }
    out.push({ key, prop: p, value });
  }
  return out;
}

/** The top value node of the document. */
function topValue(state) {
  const top = syntaxTree(state).topNode;
  for (let c = top.firstChild; c; c = c.nextSibling) if (VALUES.has(c.name)) return c;
  return null;
}

/**
 * The text range of a JSON path: the property (name and value) for a key, the element for an
 * index. A path that goes past what the text has stops at the deepest part there is (a missing
 * field is shown on the object that lacks it).
 */
export function rangeOf(state, path) {
  let node = topValue(state);
  if (!node) return { from: 0, to: 0 };
  let range = { from: node.from, to: node.to };
  for (const seg of parsePath(path)) {
    if (typeof seg === 'number' && node.name === 'Array') {
      const v = arrayValues(node)[seg];
      if (!v) break;
      node = v;
      range = { from: v.from, to: v.to };
    } else if (typeof seg === 'string' && node.name === 'Object') {
      const p = properties(state, node).find((x) => x.key === seg);
      if (!p) break;
      range = { from: p.prop.from, to: p.prop.to };
      if (!p.value) break;
      node = p.value;
    } else break;
  }
  return range;
}

// ---- the schema ----

function deref(root, s) {
  for (let i = 0; s && s.$ref && i < 20; i++) {
    const name = s.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const target = (root.$defs || root.definitions || {})[name];
    s = target ? { ...target, description: s.description ?? target.description } : null;
  }
  return s;
}

/** The alternatives of a schema (oneOf / anyOf), each resolved. */
function branches(root, s) {
  s = deref(root, s);
  if (!s) return [];
  const alts = s.oneOf || s.anyOf;
  if (!alts) return [s];
  return alts.flatMap((a) => branches(root, a)).map((b) => ({ ...b, description: b.description ?? s.description }));
}

/** The alternatives that fit an object whose `kind` is `kind` (all when unknown). */
function fitting(root, s, kind) {
  const all = branches(root, s);
  if (kind == null) return all;
  const tagged = all.filter((b) => b.properties?.kind);
  if (!tagged.length) return all;
  const hit = tagged.filter((b) => b.properties.kind.const === kind || (b.properties.kind.enum || []).includes(kind));
  return hit.length ? hit : all;
}

function kindOf(state, node) {
  if (node?.name !== 'Object') return null;
  const p = properties(state, node).find((x) => x.key === 'kind');
  if (!p?.value || p.value.name !== 'String') return null;
  try { return JSON.parse(state.sliceDoc(p.value.from, p.value.to)); } catch { return null; }
}

/** The schema of the value at `steps` (`[{ seg, container }]`, containers being nodes). */
function schemaAt(root, state, steps) {
  let s = [root];
  for (const { seg, container } of steps) {
    const kind = kindOf(state, container);
    s = s.flatMap((x) => fitting(root, x, kind)).flatMap((b) => {
      if (typeof seg === 'number') return b.items ? [b.items] : [];
      if (b.properties?.[seg]) return [b.properties[seg]];
      if (b.additionalProperties && typeof b.additionalProperties === 'object') return [b.additionalProperties];
      return [];
    });
  }
  return s;
}

/** The path from the top to `node` (a value node), as steps with their container nodes. */
function stepsTo(state, node) {
  const steps = [];
  let cur = node;
  while (cur && cur.parent) {
    const parent = cur.parent;
    if (parent.name === 'Property') {
      const obj = parent.parent;
      const name = parent.getChild('PropertyName');
      let key = state.sliceDoc(name.from, name.to);
      try { key = JSON.parse(key); } catch { key = key.replace(/^"|"$/g, ''); }
      steps.unshift({ seg: key, container: obj });
      cur = obj;
    } else if (parent.name === 'Array') {
      steps.unshift({ seg: arrayValues(parent).findIndex((v) => v.from === cur.from), container: parent });
      cur = parent;
    } else cur = parent;
  }
  return steps;
}

/** An apply function that inserts `text` and eats the rest of the string being typed (up to
 * and with its closing quote), so `"ti|"` becomes `"ties": |`. */
function closeString(text) {
  return (view, completion, from, to) => {
    const rest = view.state.sliceDoc(to, Math.min(view.state.doc.length, to + 200));
    const m = /^[\w$]*"/.exec(rest);
    const end = m ? to + m[0].length : to;
    view.dispatch({ changes: { from, to: end, insert: text }, selection: { anchor: from + text.length } });
  };
}

function firstLine(text) {
  return text ? String(text).split('\n\n')[0] : undefined;
}

/** Completion from the schema: the fields an object may have, and the values a field takes. */
function schemaCompletion(schema) {
  return (context) => {
    try {
      return completeAt(schema, context);
    } catch (e) {
      console.error('studio completion:', e);
      return null;
    }
  };
}

function completeAt(schema, context) {
  {
    const { state, pos } = context;
    let node = syntaxTree(state).resolveInner(pos, -1);
    const inString = node.name === 'String' || node.name === 'PropertyName';
    // A key: a property name being typed, or the cursor between an object's members.
    const keyAt = node.name === 'PropertyName' || (node.name === 'String' && node.parent?.name === 'Object')
      || (node.name === 'Object' && !inString) || node.name === '{' || node.name === ',' && node.parent?.name === 'Object';
    if (keyAt) {
      const obj = node.name === 'Object' ? node : node.parent?.name === 'Property' ? node.parent.parent : node.parent;
      if (!obj || obj.name !== 'Object') return null;
      const steps = stepsTo(state, obj);
      const kind = kindOf(state, obj);
      const have = new Set(properties(state, obj).map((p) => p.key));
      const seen = new Set();
      const options = [];
      for (const s of schemaAt(schema, state, steps)) {
        for (const b of fitting(schema, s, kind)) {
          for (const [key, sub] of Object.entries(b.properties || {})) {
            if (seen.has(key) || (have.has(key) && !(inString && state.sliceDoc(node.from, node.to).includes(key)))) continue;
            seen.add(key);
            const d = deref(schema, sub) || {};
            options.push({ label: key, apply: inString ? closeString(`${key}": `) : `"${key}": `, type: 'property', detail: (b.required || []).includes(key) ? 'required' : undefined, info: firstLine(sub.description ?? d.description), boost: (b.required || []).includes(key) ? 1 : 0 });
          }
        }
      }
      if (!options.length) return null;
      // In a string, the typed text starts after its opening quote; the option replaces the
      // rest of the string with its closing quote.
      const from = inString ? node.from + 1 : pos;
      if (!inString && !context.explicit) return null;
      return { from, to: pos, options, validFor: /^[\w$]*$/ };
    }
    // A value: the value node of a property (or where it will be).
    let prop = node.parent?.name === 'Property' ? node.parent : node.name === 'Property' ? node : null;
    if (!prop && node.name === ':' ) prop = node.parent;
    if (!prop) return null;
    const name = prop.getChild('PropertyName');
    if (!name) return null;
    const key = state.sliceDoc(name.from + 1, name.to - 1);
    const steps = [...stepsTo(state, prop.parent), { seg: key, container: prop.parent }];
    const options = [];
    for (const s of schemaAt(schema, state, steps)) {
      for (const b of branches(schema, s)) {
        for (const v of [...(b.enum || []), ...(b.const !== undefined ? [b.const] : [])]) {
          if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') options.push({ label: JSON.stringify(v), type: 'enum', info: firstLine(b.description) });
        }
        const types = [].concat(b.type || []);
        if (types.includes('boolean')) options.push({ label: 'true', type: 'keyword' }, { label: 'false', type: 'keyword' });
      }
    }
    if (!options.length) return null;
    const valueNode = VALUES.has(node.name) ? node : null;
    if (!valueNode && !context.explicit) return null;
    const unique = [...new Map(options.map((o) => [o.label, o])).values()];
    const from = valueNode ? valueNode.from : pos;
    const options2 = unique.map((o) => (valueNode && valueNode.name === 'String' ? { ...o, apply: closeString(o.label.slice(1)), label: o.label } : o));
    return { from: valueNode?.name === 'String' ? from + 1 : from, to: pos, options: valueNode?.name === 'String' ? options2.map((o) => ({ ...o, label: o.label.replace(/^"|"$/g, ''), detail: 'value' })) : options2, validFor: /^"?[\w\-$]*$/ };
  }
}

/**
 * Makes the editor in `parent`. `onChange(text)` after each edit; `label` names the editor for
 * assistive technology. Returns `{ view, text(), setText(text), change(c), undo(), redo(),
 * canUndo(), canRedo(), setProblems(list), jumpTo(path) }`;
 * problems are `{ path, message, severity }` shown at their paths beside the syntax errors.
 */
export function createEditor(parent, { doc = '', schema = null, onChange = () => {}, label = 'Spec (JSON)' } = {}) {
  let problems = [];
  const diagnostics = (view) => {
    const syntax = jsonParseLinter()(view);
    if (syntax.length) return syntax;
    return problems.map((p) => {
      const r = rangeOf(view.state, p.path);
      return { from: r.from, to: Math.max(r.to, r.from), severity: p.severity === 'warning' ? 'warning' : 'error', message: `${p.path}: ${p.message}` };
    });
  };
  const schemaSlot = new Compartment();
  const completions = () => (schema ? [autocompletion({ override: [schemaCompletion(schema)] })] : [autocompletion()]);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), foldGutter(), history(), drawSelection(), indentOnInput(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }), bracketMatching(), closeBrackets(),
        highlightActiveLine(), highlightSelectionMatches(), json(), lintGutter(),
        // Each string is its own direction's island: Arabic or Hebrew reads right to left
        // inside its quotes, and the JSON around it stays in order.
        bidiIsolates(),
        linter(diagnostics, { delay: 250 }),
        schemaSlot.of(completions()),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
        EditorView.lineWrapping,
        // A tab stop of its own (axe: the scroller's content is focusable).
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    /** Makes one change `{ from, to, insert }` (the studio's form), undoable like typing. */
    change(c) {
      view.dispatch({ changes: c, userEvent: 'input.form' });
    },
    undo: () => undo(view),
    redo: () => redo(view),
    canUndo: () => undoDepth(view.state) > 0,
    canRedo: () => redoDepth(view.state) > 0,
    setProblems(list) {
      problems = list || [];
      forceLinting(view);
    },
    /** Selects the part of the text at `path` and brings it into view, with the focus. */
    jumpTo(path) {
      const r = rangeOf(view.state, path);
      view.dispatch({ selection: { anchor: r.from, head: r.to }, effects: EditorView.scrollIntoView(r.from, { y: 'center' }) });
      view.focus();
      return r;
    },
    setSchema(s) {
      schema = s;
      view.dispatch({ effects: schemaSlot.reconfigure(completions()) });
    },
  };
}
