// Two seed-study checks in Chromium, Firefox and WebKit (issue 51): a PoQuAD answer picked by two
// clicks — the paragraph below the article and the summary, the question typed first, the
// answer's last line at the lower edge of what shows — keeps the whole fragment, because nothing
// moves the text between the two clicks (the bar the first click opens has its room kept); and the error grid's Undo is a 44 px target on a 360 px phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchEngine, servedRepo, ENGINES } from './webdriver.mjs';
import { wordCentre } from './scenarios.mjs';

const site = servedRepo(before, after);
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** In the page: the centre of `word` (the `nth` time it is in the span text), where it is now. */
const centre = `function (w, n) { return (${wordCentre})(w, n, false); }`;

/** In the page: scrolls the paragraph (and the page) so that `word`'s line ends just past the
 *  lower edge of what shows of the text — its middle still on screen, as an annotator reading
 *  down stops. */
function toLowerEdge(word) {
  const text = document.querySelector('.glossa-span-text');
  const t = text.firstElementChild.firstChild;
  const at = t.data.indexOf(word);
  const r = document.createRange();
  r.setStart(t, at); r.setEnd(t, at + word.length);
  r.startContainer.parentElement.scrollIntoView({ block: 'nearest' });
  // A paragraph not yet rendered (`content-visibility: auto`) has no boxes: measuring it would
  // scroll to nowhere. The caller asks again once the engine has rendered it.
  if (![...r.getClientRects()].some((b) => b.width > 0)) return false;
  for (let k = 0; k < 3; k++) {
    const edge = Math.min(text.getBoundingClientRect().bottom, innerHeight);
    const move = r.getBoundingClientRect().bottom - edge - 4;
    const before = text.scrollTop;
    text.scrollTop += move;
    if (text.scrollTop === before) window.scrollBy(0, move);
  }
  const b = r.getBoundingClientRect();
  return b.top + b.height / 2 < Math.min(text.getBoundingClientRect().bottom, innerHeight);
}

const bar = () => document.querySelector('.glossa-assign-selected')?.textContent ?? '';

for (const engine of ENGINES) {
  test(`${engine}: a PoQuAD answer picked by two clicks keeps every word; the text does not move between them`, async (t) => {
    const s = await launchEngine(engine);
    t.diagnostic(`${engine} ${s.version}`);
    try {
      await s.goto(`${site.base}?spec=www/examples/pl-poquad/spec.json&items=tests/fixtures/qa/pl-gdynia-items.json&participant=pick-${engine}`);
      await s.waitFor(() => document.querySelector('.glossa-span-text') && window.glossaHandle, [], 'the paragraph');
      const question = await s.element(() => document.querySelector('.glossa-question textarea, .glossa-question input[type=text]'));
      await s.click(question);
      await s.type(question, 'Czy w pierwszej połowie XX wieku w Gdyni była komunikacja miejska?');
      // The answer's last line at the lower edge of what shows (its first line just above).
      assert.ok(await s.waitFor(toLowerEdge, ['1927 roku'], 'the answer\'s last line at the lower edge'), 'the answer\'s last line shows at the lower edge');
      // Both words as the annotator sees them, then the two clicks.
      // (A paragraph just scrolled to is laid out when the engine renders it: each word is
      // measured once it has a box.)
      const first = await s.waitFor(centre, ['Początki', 0], 'Początki laid out');
      const last = await s.waitFor(centre, ['roku,', 0], 'roku laid out');
      await s.tap(first.x, first.y);
      await s.waitFor(() => (document.querySelector('.glossa-assign-selected')?.textContent ?? '').includes('„Początki”'), [], 'the first word in the bar');
      assert.deepEqual(await s.run(centre, 'roku,', 0), last, 'nothing moved the text after the first click');
      await s.tap(last.x, last.y);
      const shown = await s.waitFor(() => {
        const b = document.querySelector('.glossa-assign-selected')?.textContent ?? '';
        return !b.includes('„Początki”') && b;
      }, [], 'the second click in the bar');
      assert.equal(shown, 'Zaznaczono: „Początki komunikacji miejskiej w Gdyni sięgają 1927 roku”');
      await s.click(await s.element(() => [...document.querySelectorAll('.glossa-assign')].find((b) => b.textContent === 'Dodaj do pytania 1')));
      await s.waitFor(() => document.querySelector('.glossa-question .glossa-chip'), [], 'the fragment on question 1');
      assert.equal(await s.run(bar), '', 'the bar goes once the fragment is added');
    } finally {
      await s.quit();
    }
  });

  test(`${engine}: the error grid's Undo is a 44 px target on a 360 px phone`, async (t) => {
    const s = await launchEngine(engine);
    t.diagnostic(`${engine} ${s.version}`);
    try {
      await s.cmd('POST', '/window/rect', { width: 360, height: 640 }).catch(() => {});
      await s.goto(`${site.base}?example=cs-abstract-errors&participant=undo-${engine}`);
      await s.waitFor(() => document.querySelector('article.glossa-grid-row') && window.glossaHandle, [], 'the grid');
      const label = (text) => `function () { return [...document.querySelector('article.glossa-grid-row').querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(text)}); }`;
      await s.click(await s.element(label('OK')));
      await s.click(await s.element(label('Omission')));
      const undo = await s.element(() => document.querySelector('article.glossa-grid-row .glossa-grid-notice button'));
      const box = await s.run((el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; }, undo);
      assert.ok(box[0] >= 44 && box[1] >= 44, `the Undo is ${box[0]}×${box[1]} px`);
      // Omission alone stays; the Undo brings OK back.
      await s.click(undo);
      await s.waitFor(() => document.querySelector('article.glossa-grid-row input[value=ok]')?.checked, [], 'OK back');
      assert.ok(ELEMENT in undo);
    } finally {
      await s.quit();
    }
  });
}
