// The span attribute styles in www/glossa.css: each a colour and a line, no two alike, text
// readable on every highlight and on any two overlapping, lines visible on white (issue 15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const css = await readFile(new URL('../../www/glossa.css', import.meta.url), 'utf8');
const rgba = (s) => {
  const m = s.match(/rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)/);
  if (m) return [+m[1], +m[2], +m[3], +m[4]];
  const h = s.match(/#([0-9a-f]{6})/i)[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1);
};
const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
const lum = (c) => {
  const [r, g, b] = c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };

const styles = [...css.matchAll(/::highlight\(glossa-a(\d+)\) \{ background-color: (rgba\([^)]*\)); text-decoration: ([a-z ]+) (solid|dashed|dotted|wavy|double) 2px (#[0-9a-f]{6}); \}/g)]
  .map((m) => ({ n: +m[1], bg: rgba(m[2]), position: m[3], line: m[4], colour: m[5] }));
const WHITE = [255, 255, 255];
const TEXT = rgba(css.match(/--g-fg: (#[0-9a-f]{6})/)[1]);

test('fifteen attribute styles, matching PALETTE in src/ui/highlight.rs', async () => {
  const rs = await readFile(new URL('../../src/ui/highlight.rs', import.meta.url), 'utf8');
  const palette = +rs.match(/pub const PALETTE: usize = (\d+);/)[1];
  assert.equal(styles.length, palette);
  assert.deepEqual(styles.map((s) => s.n), [...Array(palette).keys()]);
  for (let k = 0; k < palette; k++) assert.match(css, new RegExp(`\\.glossa-c${k} \\{ --g-swatch: rgba`), `legend swatch ${k}`);
});

test('no two styles alike; the line shape alone tells them apart', () => {
  const looks = styles.map((s) => `${s.bg}|${s.position}|${s.line}|${s.colour}`);
  assert.equal(new Set(looks).size, styles.length);
  const shapes = styles.map((s) => `${s.position} ${s.line}`);
  assert.equal(new Set(shapes).size, styles.length);
});

test('text stays readable (WCAG AA, 4.5:1) on each highlight and on any two overlapping; lines visible (3:1)', () => {
  for (const s of styles) {
    const bg = over(s.bg, WHITE);
    assert.ok(contrast(TEXT, bg) >= 4.5, `text on glossa-a${s.n}: ${contrast(TEXT, bg).toFixed(2)}`);
    assert.ok(contrast(rgba(s.colour), WHITE) >= 3, `line of glossa-a${s.n}: ${contrast(rgba(s.colour), WHITE).toFixed(2)}`);
    for (const t of styles) {
      const both = over(t.bg, over(s.bg, WHITE));
      assert.ok(contrast(TEXT, both) >= 4.5, `text on a${s.n}+a${t.n}: ${contrast(TEXT, both).toFixed(2)}`);
    }
  }
});
