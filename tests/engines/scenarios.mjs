// The cross-engine scenarios: each family answered through the UI of the demo page, the way a
// person would (clicks on labels, typing, taps on words, options picked in selects), then the
// result the host received. The same steps run in every engine; the tier compares results.
import { readFileSync } from 'node:fs';
import { englishRuns, foundIn, shipped } from '../english-runs.mjs';

/** Page-side helpers, installed with `session.run(HELPERS)` after each navigation. */
const label = (input) => document.querySelector(`label[for="${CSS.escape(input.id)}"]`);

/** The centre of a word in the span text: the widest of its rectangles (after a line wrap
 *  WebKit's first rectangle can be an empty one on the line before); scrolled into view first
 *  unless `scroll` is false (then where it is now). */
export function wordCentre(word, nth, scroll = true) {
  const text = document.querySelector('.glossa-span-text');
  let seen = -1;
  for (const p of text.children) {
    const t = p.firstChild;
    let at = -1;
    while (t && (at = t.data.indexOf(word, at + 1)) >= 0) {
      if (++seen !== nth) continue;
      const r = document.createRange();
      r.setStart(t, at); r.setEnd(t, at + word.length);
      if (scroll) {
        p.scrollIntoView({ block: 'center' });
        const box = text.getBoundingClientRect();
        if (box.top < 0 || box.bottom > innerHeight) text.scrollTop += r.getBoundingClientRect().top - box.top - text.clientHeight / 2;
      }
      // A paragraph off screen (`content-visibility: auto`) has no boxes until it is rendered.
      const rects = [...r.getClientRects()].filter((b) => b.width > 0).sort((a, b) => b.width - a.width);
      const b = rects[0];
      return b ? { x: b.left + b.width / 2, y: b.top + b.height / 2 } : null;
    }
  }
  return null;
}

/** Opens the demo page on an example as participant `who` and waits for the widget. */
async function open(s, base, query, ready) {
  await s.goto(`${base}?${query}`);
  await s.waitFor(ready, [], `${query}: the widget`);
}

export async function submit(s) {
  await s.click(await s.element(() => document.querySelector('.glossa-submit')));
}

async function received(s, n = 1) {
  return s.waitFor((k) => window.glossaReceived?.length >= k && window.glossaReceived, [n], 'the result');
}

/** Picks the option labelled `text` in the select labelled `name` (a click on the option). */
async function choose(s, name, text) {
  const option = await s.element((n, t) => {
    const sel = [...document.querySelectorAll('select')].find((e) => e.labels?.[0]?.textContent.trim() === n || e.getAttribute('aria-label') === n);
    return sel && [...sel.options].find((o) => o.textContent.trim() === t);
  }, name, text);
  await s.click(option);
}

export async function tapWord(s, word, nth = 0) {
  // Scroll the word into view and let frames pass until it is laid out, as a finger would.
  await s.waitFor(`function (w, n) { return (${wordCentre})(w, n); }`, [word, nth], `the word ${word}`);
  await new Promise((ok) => setTimeout(ok, 120));
  const at = await s.waitFor(`function (w, n) { return (${wordCentre})(w, n); }`, [word, nth], `the word ${word}`);
  await s.tap(at.x, at.y);
}

export async function clickRadio(s, selector, index = 0) {
  await s.click(await s.element(`function (sel, i) { const input = document.querySelectorAll(sel)[i]; return input && (${label})(input); }`, selector, index));
}

/** The page's text and accessible names, titles and placeholders. */
function shownText() {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (el.offsetParent === null) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
  }
  return parts.join('\n');
}

/** Throws when the page shows English words of Glossa's own in a study in `tag`. */
async function noEnglish(s, tag, where) {
  const leaks = foundIn(await s.run(shownText), englishRuns(shipped(tag)));
  if (leaks.length) throw new Error(`${where}: English on a ${tag} screen: ${leaks.join(' | ')}`);
}

/** The scenarios: name -> async (session, base URL, participant) -> result documents. */
export const SCENARIOS = {
  async 'it-implicit: one label, a refused empty submit first'(s, base, who) {
    await open(s, base, `example=it-implicit&participant=${who}`, () => document.querySelector('input[value=totalmente_corretto]'));
    await submit(s);
    await s.waitFor(() => document.querySelector('.glossa-control .glossa-error'), [], 'the message beside the control');
    const none = await s.run(() => window.glossaReceived.length);
    if (none !== 0) throw new Error('an empty answer was submitted');
    await clickRadio(s, 'input[value=parzialmente_corretto]');
    await submit(s);
    return received(s);
  },

  async 'it-implicit: the draft is restored after a reload'(s, base, who) {
    await open(s, base, `example=it-implicit&participant=${who}`, () => document.querySelector('input[value=totalmente_corretto]'));
    await clickRadio(s, 'input[value=risposta_non_fornita]');
    await s.waitFor(() => Object.keys(localStorage).some((k) => k.startsWith('glossa:draft/1:') && localStorage.getItem(k).includes('risposta_non_fornita')), [], 'the draft saved');
    await s.reload();
    await s.waitFor(() => document.querySelector('input[value=risposta_non_fornita]')?.checked, [], 'the draft restored');
    await submit(s);
    return received(s);
  },

  async 'en-emotions: emotions ticked, neutral alone, a shortcut key'(s, base, who) {
    await open(s, base, `example=en-emotions&participant=${who}`, () => document.querySelector('input[type=checkbox]'));
    const check = (value) => `function () { const l = [...document.querySelectorAll('.glossa-multi label')].find((x) => x.textContent.trim().endsWith(${JSON.stringify(value)})); return l; }`;
    await s.click(await s.element(check('Anger')));
    await s.click(await s.element(check('Neutral (no emotion)')));
    await s.waitFor(() => !document.querySelector('.glossa-multi.is-checked:not(.is-exclusive)'), [], 'neutral clears the emotions');
    await s.click(await s.element(check('Joy')));
    // The key 4 toggles Sadness.
    await s.run(() => document.querySelector('.glossa-multi input').focus());
    await s.press('4');
    await s.waitFor(() => document.querySelectorAll('.glossa-multi.is-checked').length === 2, [], 'two emotions ticked');
    await submit(s);
    return received(s);
  },

  async 'en-informativeness: three numbers typed'(s, base, who) {
    await open(s, base, `example=en-informativeness&participant=${who}`, () => document.querySelectorAll('input.glossa-number-input').length === 3);
    for (const [i, n] of [[0, '70'], [1, '100'], [2, '90']]) {
      await s.type(await s.element((k) => document.querySelectorAll('input.glossa-number-input')[k], i), n);
    }
    await submit(s);
    return received(s);
  },

  async 'cs-abstract-errors: grid cells'(s, base, who) {
    await open(s, base, `example=cs-abstract-errors&participant=${who}`, () => document.querySelectorAll('article.glossa-grid-row').length === 3);
    const cell = (row, value) => `article.glossa-grid-row:nth-of-type(${row}) input[value=${value}]`;
    await clickRadio(s, cell(1, 'omission'));
    await clickRadio(s, cell(1, 'pragmatic'));
    await clickRadio(s, cell(2, 'ok'));
    await clickRadio(s, cell(3, 'repetitive'));
    await submit(s);
    return received(s);
  },

  async 'cs-propaganda: a span by two taps, values in selects'(s, base, who) {
    await open(s, base, `example=cs-propaganda&participant=${who}`, () => document.querySelector('.glossa-span-text > *'));
    await tapWord(s, 'Nenasytní');
    await tapWord(s, 'eurokraté');
    await s.click(await s.element(() => [...document.querySelectorAll('.glossa-assign-bar button')].find((b) => b.textContent.trim() === 'Vina')));
    await s.waitFor(() => document.body.textContent.includes('Uloženo: Vina'), [], 'the saved note');
    await choose(s, 'Vina', 'ano');
    const plain = { 'Místo': 'nelze určit', 'Obsažené emoce': 'žádná' };
    for (const a of ['Místo', 'Nálepkování', 'Argumentace', 'Obsažené emoce', 'Démonizace', 'Relativizace', 'Strach', 'Fabulace', 'Názor', 'Zdroj', 'Odborník']) {
      await choose(s, a, plain[a] ?? 'ne');
    }
    for (const [d, l] of [['Téma', 'domácí politika'], ['Žánr', 'komentář'], ['Zaměření', 'domácí'], ['Celkové vyznění', 'negativní'], ['Obrázek', 'ne'], ['Video', 'ne']]) {
      await choose(s, d, l);
    }
    await submit(s);
    return received(s);
  },

  async 'en-relations: suggested names accepted, a suggested link rejected, a link made in selects'(s, base, who) {
    await open(s, base, `example=en-relations&item=6&participant=${who}`, () => document.querySelector('.glossa-link-form select'));
    const button = (scope, text) => `function () { return [...document.querySelectorAll(${JSON.stringify(scope)} + ' button')].find((b) => b.textContent.trim() === ${JSON.stringify(text)}); }`;
    await s.click(await s.element(button('[id$="-entities-suggestion"]', 'Accept all')));
    await s.click(await s.element(button('.glossa-link', 'Reject')));
    await s.waitFor(() => !document.querySelector('.glossa-link'), [], 'the suggested link gone');
    await choose(s, 'First passage', '“Terry Pratchett” (Person)');
    await choose(s, 'Second passage', '“Buckinghamshire” (Geo-political entity)');
    await choose(s, 'Type of link', 'Located (lives in)');
    await s.click(await s.element(button('.glossa-link-form', 'Add link')));
    await s.waitFor(() => document.querySelectorAll('.glossa-link').length === 1, [], 'the link made');
    await submit(s);
    return received(s);
  },

  async 'en-dialogue: each reply rated reveals the next turns; the answers by turn'(s, base, who) {
    await open(s, base, `example=en-dialogue&participant=${who}`, () => document.querySelector('.glossa-form .glossa-turn[data-output-id="t2"] input'));
    const inTurn = (turn, selector) => `.glossa-form .glossa-turn[data-output-id="${turn}"] ${selector}`;
    for (const [turn, point, next] of [['t2', 3, 't4'], ['t4', 4, 't6'], ['t6', 1, null]]) {
      // Only the turns up to this reply are on screen.
      const shown = await s.run(() => [...document.querySelectorAll('.glossa-form .glossa-turn')].map((t) => t.dataset.outputId).join(','));
      if (!shown.endsWith(turn)) throw new Error(`before ${turn} is rated, the turns shown are ${shown}`);
      await clickRadio(s, inTurn(turn, 'input[type=radio]'), point);
      await clickRadio(s, inTurn(turn, 'input[value=none]'));
      if (next) await s.waitFor((t) => document.querySelector(`.glossa-form .glossa-turn[data-output-id="${t}"] input`), [next], `${next} revealed`);
    }
    await clickRadio(s, '.glossa-form input[type=radio][name*="satisfaction"]', 3);
    await submit(s);
    return received(s);
  },

  async 'de: a German pilot, no English word on any screen'(s, base, who) {
    const done = encodeURIComponent('https://app.prolific.example/done?cc=X');
    await open(s, base, `spec=tests/fixtures/de-study.json&items=tests/fixtures/de-items.json&participant=${who}&complete=${done}`, () => document.querySelector('input[value=ganz_richtig]'));
    await noEnglish(s, 'de', 'the first screen');
    await submit(s);
    await s.waitFor(() => document.querySelector('.glossa-control .glossa-error'), [], 'the message beside the control');
    await noEnglish(s, 'de', 'a refused submit');
    await clickRadio(s, 'input[value=teilweise]');
    await submit(s);
    await received(s);
    await noEnglish(s, 'de', 'after the first item');
    await s.click(await s.element(() => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Nächstes Element →')));
    await s.waitFor(() => document.body.innerText.includes('Element 2 von 2'), [], 'the second item');
    await clickRadio(s, 'input[value=falsch]');
    await submit(s);
    await s.waitFor(() => [...document.querySelectorAll('a')].some((a) => a.textContent.trim() === 'Beenden und zur Studie zurückkehren' && a.offsetParent), [], 'the completion link');
    await noEnglish(s, 'de', 'the completion page');
    return received(s, 2);
  },

  async 'eu: a language Glossa does not ship, in its own words'(s, base, who) {
    await open(s, base, `spec=tests/fixtures/eu-own-strings.json&items=tests/fixtures/eu-items.json&participant=${who}`, () => document.querySelector('input[value=positiboa]'));
    const own = JSON.parse(readFileSync(new URL('../fixtures/eu-own-strings.json', import.meta.url), 'utf8')).ui_strings;
    const leaks = foundIn(await s.run(shownText), englishRuns(own));
    if (leaks.length) throw new Error(`English on a Basque screen: ${leaks.join(' | ')}`);
    await clickRadio(s, 'input[value=negatiboa]');
    await submit(s);
    return received(s);
  },

  async 'a narrow window: the title once, the first item on the first screen'(s, base, who) {
    // As narrow as each engine's window goes (Firefox 500 px, WebKit 447 px; Chromium 380).
    await s.cmd('POST', '/window/rect', { width: 380, height: 700 });
    try {
      await open(s, base, `spec=tests/fixtures/de-study.json&items=tests/fixtures/de-items.json&participant=${who}`, () => document.querySelector('input[value=ganz_richtig]'));
      const layout = await s.run(() => ({
        width: innerWidth,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        titles: [...document.querySelectorAll('h1, h2')].filter((h) => h.checkVisibility() && h.textContent.trim() === 'Bewertung impliziter Inhalte').length,
        itemTop: document.querySelector('.glossa-form > .glossa-block').getBoundingClientRect().top,
        height: innerHeight,
      }));
      if (layout.width > 500) throw new Error(`the window is ${layout.width} px wide`);
      if (layout.overflow > 0) throw new Error(`${layout.overflow} px of horizontal scroll`);
      if (layout.titles !== 1) throw new Error(`the title ${layout.titles} times`);
      if (layout.itemTop > layout.height - 100) throw new Error(`the item starts at ${layout.itemTop} px of ${layout.height}`);
      await clickRadio(s, 'input[value=ganz_richtig]');
      await submit(s);
      return await received(s);
    } finally {
      await s.cmd('POST', '/window/rect', { width: 1280, height: 1000 }).catch(() => {});
    }
  },

  async 'jsPsych: its stylesheet leaves the widget aligned to the start'(s, base) {
    await s.goto(`${base}tests/e2e/pages/jspsych.html`);
    await s.waitFor(() => document.querySelector('.glossa input[type=radio]'), [], 'the trial');
    const align = await s.run(() => [getComputedStyle(document.querySelector('.jspsych-content')).textAlign, getComputedStyle(document.querySelector('.glossa')).textAlign]);
    if (align[0] !== 'center') throw new Error(`jspsych.css did not load (${align[0]})`);
    if (!['start', 'left'].includes(align[1])) throw new Error(`the widget is aligned ${align[1]}`);
    return [];
  },

  async 'ar: right-to-left spans by taps and by keyboard'(s, base, who) {
    await open(s, base, `spec=tests/fixtures/ar-spans.json&items=tests/fixtures/ar-items.json&participant=${who}`, () => document.querySelector('.glossa-span-text > *'));
    const dir = await s.run(() => getComputedStyle(document.querySelector('.glossa')).direction);
    if (dir !== 'rtl') throw new Error(`the widget runs ${dir}`);
    await tapWord(s, 'إيمانويل');
    await tapWord(s, 'ماكرون');
    const assign = () => [...document.querySelectorAll('.glossa-assign-bar button')].find((b) => b.textContent.trim() === 'شخص');
    await s.click(await s.element(assign));
    // By keyboard: in right-to-left text the left arrow goes on to the next word.
    await s.run(() => document.querySelector('.glossa-span-text').focus());
    await s.press('\uE011'); // Home: the first word (the cursor otherwise goes on from the last passage)
    await s.press('\uE012', { shift: true });
    await s.press('\uE007');
    await s.waitFor(() => document.body.innerText.includes('«التقى الرئيس»'), [], 'the keyboard selection');
    await s.click(await s.element(assign));
    await choose(s, 'شخص', 'سياسي');
    await submit(s);
    return received(s);
  },

  async 'ja: a span in text without spaces'(s, base, who) {
    await open(s, base, `spec=tests/fixtures/ja-spans.json&items=tests/fixtures/ja-items.json&participant=${who}`, () => document.querySelector('.glossa-span-text > *'));
    await tapWord(s, '東');
    await tapWord(s, 'ツリー');
    await s.click(await s.element(() => [...document.querySelectorAll('.glossa-assign-bar button')].find((b) => b.textContent.trim() === '場所')));
    await choose(s, '場所', '建物');
    await submit(s);
    return received(s);
  },

  async 'de-toxic: a passage then its label, a label first (the brush), a key, a model’s “nothing to mark” accepted'(s, base, who) {
    await open(s, base, `example=de-toxic&participant=${who}&item=3`, () => document.querySelector('.glossa-span-text > *'));
    const label = (name) => `function () { return [...document.querySelectorAll('.glossa-label-bar button')].find((b) => b.querySelector('.glossa-label-name')?.textContent.trim() === ${JSON.stringify(name)}); }`;
    // A passage, then its label.
    await tapWord(s, 'Leute');
    await tapWord(s, 'du');
    await s.click(await s.element(label('Beleidigung')));
    await s.waitFor(() => document.querySelectorAll('.glossa-labelled-span').length === 1, [], 'the first span');
    // A label first: it marks each passage until it is picked again.
    await s.click(await s.element(label('Drohung')));
    await tapWord(s, 'wenn');
    await tapWord(s, 'dran');
    await s.waitFor(() => document.querySelectorAll('.glossa-labelled-span').length === 2, [], 'the brush marked');
    await s.click(await s.element(label('Drohung')));
    // By keyboard: Home, four words on (weggesperrt), Enter selects, the key 3 labels.
    await s.run(() => document.querySelector('.glossa-span-text').focus());
    await s.press('\uE011');
    for (let i = 0; i < 4; i++) await s.press('\uE014');
    await s.press('\uE007');
    await s.press('3');
    await s.waitFor(() => document.querySelectorAll('.glossa-labelled-span').length === 3, [], 'the keyed span');
    await submit(s);
    await received(s);
    // The next item has nothing toxic, and a language model suggests so ("nothing to mark"
    // ticked, marked as its suggestion): accepting it makes that the answer.
    await s.click(await s.element(() => { const b = document.querySelector('#next'); return b && !b.hidden && b; }));
    await s.waitFor(() => document.querySelector('.glossa-nothing input')?.checked, [], 'the next item, its suggestion pre-filled');
    await s.click(await s.element(() => document.querySelector('[id$="-toxisch-suggestion-accept"]')));
    await s.waitFor(() => !document.querySelector('[id$="-toxisch-suggestion-accept"]'), [], 'the suggestion accepted');
    await submit(s);
    return received(s, 2);
  },

  async 'en-likert and en-de-da: points tapped, a digit key, not applicable, sliders by click and keys'(s, base) {
    // One participant id in every engine: the outputs are shuffled by it, and the order shown
    // is part of the result compared.
    await open(s, base, 'example=en-likert&participant=rating-scenario', () => document.querySelectorAll('.glossa-scale').length === 6);
    const point = (control, sys, value) => `function () { const g = document.querySelector('article[data-output-id="${sys}"] [id*="-${control}-scale-"]'); return g && g.querySelector('input[value="${value}"]').closest('label'); }`;
    for (const sys of ['sys-a', 'sys-b', 'sys-c']) {
      await s.click(await s.element(point('fluency', sys, 4)));
      await s.click(await s.element(point('adequacy', sys, sys === 'sys-c' ? 'na' : 2)));
    }
    // The digit 5 on a focused scale picks its fifth point.
    await s.run(() => document.querySelector('article[data-output-id="sys-a"] [id*="-fluency-scale-"] input').focus());
    await s.press('5');
    await s.waitFor(() => document.querySelector('article[data-output-id="sys-a"] [id*="-fluency-scale-"] input[value="5"]').checked, [], 'the digit key');
    await submit(s);
    await received(s);
    await open(s, base, 'example=en-de-da&participant=rating-scenario', () => document.querySelectorAll('input[type=range]').length === 3);
    const slider = (sys) => `function () { return document.querySelector('article[data-output-id="${sys}"] input[type=range]'); }`;
    await s.click(await s.element(slider('sys-a')));
    await s.waitFor(() => document.querySelectorAll('.glossa-slider.is-untouched').length === 2, [], 'a click sets the first slider');
    for (const [sys, key] of [['sys-b', '\uE010'], ['sys-c', '\uE011']]) {
      await s.run((id) => document.querySelector(`article[data-output-id="${id}"] input[type=range]`).focus(), sys);
      await s.press(key);
    }
    await s.waitFor(() => !document.querySelector('.glossa-slider.is-untouched'), [], 'End and Home set the others');
    await submit(s);
    return received(s);
  },

  async 'en-chatbot-pairwise: a side with its strength, a tie, by clicks and keys'(s, base) {
    // One participant id in every engine: the sides are shuffled by it.
    await open(s, base, 'example=en-chatbot-pairwise&participant=pairwise-scenario', () => document.querySelectorAll('.glossa-pair-options').length === 2);
    const option = (criterion, n) => `function () { return document.querySelectorAll('[id*="-preference-pair-${criterion}"][role=radiogroup] label')[${n}]; }`;
    await s.click(await s.element(option('helpful', 0)));
    await s.waitFor(() => document.querySelector('select[id$="-preference-pair-helpful-strength"]'), [], 'the strength select');
    await choose(s, 'How much better is Response 1?', 'Clearly better');
    await s.click(await s.element(option('correct', 2)));
    // The left arrow on Response 2 goes to the tie.
    await s.run(() => document.querySelector('[id*="-preference-pair-correct"][role=radiogroup] input:checked').focus());
    await s.press('\uE012');
    await s.waitFor(() => document.querySelector('[id$="-preference-pair-correct-tie"]').checked, [], 'the tie by key');
    await submit(s);
    return received(s);
  },

  async 'en-rankme-ranking and en-bws: taps in order, a rank taken back, an arrow; the best and the worst'(s, base) {
    await open(s, base, 'example=en-rankme-ranking&participant=ranking-scenario', () => document.querySelectorAll('.glossa-rank-main').length === 3);
    const main = (id) => `function () { return document.querySelector('li[data-output-id="${id}"] .glossa-rank-main'); }`;
    for (const id of ['sys-b', 'sys-a', 'sys-a', 'sys-c', 'sys-a']) await s.click(await s.element(main(id)));
    await s.click(await s.element(() => document.querySelector('li[data-output-id="sys-a"] .glossa-rank-move')));
    await s.waitFor(() => document.querySelector('li[data-output-id="sys-a"] .glossa-rank-badge').textContent === 'Rank 2', [], 'the arrow moved it up');
    await submit(s);
    await received(s);
    await open(s, base, 'example=en-bws&participant=ranking-scenario', () => document.querySelectorAll('.glossa-bw-cell input').length === 8);
    const cell = (id, k) => `function () { return document.querySelectorAll('tr[data-output-id="${id}"] input')[${k}]; }`;
    await s.click(await s.element(cell('sys-b', 0)));
    await s.click(await s.element(cell('sys-d', 1)));
    await submit(s);
    return received(s);
  },

  async 'en-summeval and de-esa: a yes reveals a summary\'s passages, a no hides them; each translation\'s card, then the preference'(s, base) {
    // One participant id in every engine: the outputs are shuffled by it, once for the section.
    await open(s, base, 'example=en-summeval&participant=sections-scenario', () => document.querySelectorAll('.glossa-form .glossa-section[data-output-id]').length === 3);
    const inCard = (id, selector, k = 0) => `function () { const c = document.querySelector('.glossa-form .glossa-section[data-output-id="${id}"]'); const el = c && c.querySelectorAll('${selector}')[${k}]; return el && (el.closest('label') || el); }`;
    await s.click(await s.element(inCard('M17', 'input[type=radio][value=yes]')));
    await s.waitFor(() => document.querySelectorAll('.glossa-form .glossa-span-text').length === 1 && document.querySelector('.glossa-section[data-output-id="M17"] .glossa-span-text'), [], 'the passages of M17 asked');
    await s.click(await s.element(inCard('M17', 'input[type=radio][value=no]')));
    await s.waitFor(() => !document.querySelector('.glossa-form .glossa-span-text'), [], 'and hidden again');
    for (const id of ['M11', 'M23']) await s.click(await s.element(inCard(id, 'input[type=radio][value=no]')));
    for (const id of ['M11', 'M17', 'M23']) {
      // The four scales' radios in order, five each: point k + 1 on scale k.
      for (let k = 0; k < 4; k++) await s.click(await s.element(inCard(id, '[role=radiogroup] input[type=radio]', k * 5 + k)));
    }
    await submit(s);
    const summeval = await received(s);
    await open(s, base, 'example=de-esa&participant=sections-scenario', () => document.querySelectorAll('.glossa-form .glossa-section[data-output-id]').length === 2);
    for (const id of ['ONLINE-A', 'ONLINE-B']) {
      await s.click(await s.element(inCard(id, 'label.glossa-nothing')));
      await s.run((sys) => document.querySelector(`.glossa-section[data-output-id="${sys}"] input[type=range]`).focus(), id);
      await s.press(id === 'ONLINE-A' ? '\uE010' : '\uE011');
    }
    await s.waitFor(() => !document.querySelector('.glossa-slider.is-untouched'), [], 'End and Home set the scores');
    await s.click(await s.element(() => [...document.querySelectorAll('.glossa-pairwise-control label')].find((l) => l.textContent.trim() === 'Etwa gleich gut')));
    await submit(s);
    return [...summeval, ...(await received(s))];
  },

  async 'pl-poquad: a question with a fragment'(s, base, who) {
    await open(s, base, `example=pl-poquad&participant=${who}`, () => document.querySelector('.glossa-span-text > *') && document.querySelector('li.glossa-question textarea'));
    await s.type(await s.element(() => document.querySelector('li.glossa-question textarea')), 'W którym roku ukazała się Krytyka czystego rozumu?');
    await tapWord(s, '1781');
    await tapWord(s, '1781');
    await s.click(await s.element(() => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Dodaj do pytania 1')));
    await s.waitFor(() => document.querySelector('li.glossa-question .glossa-chip, li.glossa-question [class*=fragment]'), [], 'the fragment chip');
    await s.click(await s.element(() => document.querySelector('.glossa-no-more input').closest('label')));
    await submit(s);
    return received(s);
  },
};

/** What must be the same in every engine: answers, warnings (code and path), what was shown. */
export function comparable(results) {
  return results.map((r) => ({
    item_id: r.item_id,
    answers: r.answers,
    warnings: r.warnings.map((w) => `${w.code} ${w.path}`),
    shown: r.shown,
  }));
}
