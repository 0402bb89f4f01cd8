// End to end: the Italian judgement task (family 1) in the demo page, driven as a person would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, ItalianTask, waitForResults } from './harness.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openTask(path = '?example=it-implicit', contextOptions = {}) {
  const opened = await openPage(env, path, contextOptions);
  const task = await new ItalianTask(opened.page).ready();
  return { ...opened, task };
}

test('a person picks "Totalmente sbagliato" by name, submits, and the host gets its value', async () => {
  const { page, context, errors, task } = await openTask();
  await task.option('Totalmente sbagliato').check();
  await task.submitButton().click();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.format, 'glossa.result/1');
  assert.deepEqual(result.spec, { id: 'implicit-content-it', version: '1.0.0' });
  assert.equal(result.item_id, 'it-001');
  assert.deepEqual(result.answers, { valutazione: 'totalmente_sbagliato' });
  assert.deepEqual(result.ids, { participant: 'demo' });
  assert.equal(result.environment.ui_language, 'it');
  assert.match(result.environment.widget_version, /^\d+\.\d+\.\d+/);
  assert.ok(Date.parse(result.timings.submitted_at) >= Date.parse(result.timings.started_at));
  assert.ok(result.timings.active_ms <= result.timings.duration_ms);
  await page.getByText('Risposta inviata. Grazie!').waitFor();
  assert.equal(await task.submitButton().isDisabled(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('submitting with nothing chosen shows the message beside the control and sends nothing', async () => {
  const { page, context, task } = await openTask();
  const events = page.evaluate(() => new Promise((ok) => {
    const seen = [];
    document.addEventListener('glossa:submit', (e) => seen.push(e.detail));
    setTimeout(() => ok(seen), 800);
  }));
  await task.submitButton().click();
  const message = task.group().getByText('Scegli una delle opzioni.');
  await message.waitFor();
  assert.equal(await message.isVisible(), true);
  await page.getByText('Prima di inviare, completa le parti segnalate (1).').waitFor();
  // Focus goes to the control that needs attention.
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'radio');
  assert.deepEqual(await events, []);
  assert.deepEqual(await task.received(), []);
  // Fixing it clears the message.
  await task.option('Risposta non fornita').check();
  await message.waitFor({ state: 'detached' });
  await context.close();
});

test('keyboard only: Tab into the options, shortcut key 4, Enter submits', async () => {
  const { page, context, task } = await openTask();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.type === 'radio')) break;
  }
  assert.equal(await page.evaluate(() => document.activeElement?.type), 'radio', 'Tab reaches the options');
  await page.keyboard.press('4');
  assert.equal(await task.option('Totalmente sbagliato').isChecked(), true);
  await page.keyboard.press('Enter');
  const [result] = await waitForResults(page, 1);
  assert.deepEqual(result.answers, { valutazione: 'totalmente_sbagliato' });
  // Arrow keys move within the radio group too (native behaviour kept).
  await context.close();
});

test('at 360x640 with touch, definitions open by tap and nothing scrolls sideways', async () => {
  const { page, context, task } = await openTask('?example=it-implicit&item=3', {
    viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true,
  });
  const toggle = task.definitionToggle('Corretto tra varie opzioni');
  await toggle.tap();
  await page.getByText('lo menziona in uno dei passaggi intermedi').waitFor();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const box = await toggle.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `toggle is ${box.width}x${box.height}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no horizontal scroll');
  await page.getByText('Corretto tra varie opzioni', { exact: true }).tap();
  await task.submitButton().tap();
  const [result] = await waitForResults(page, 1);
  assert.equal(result.item_id, 'it-003');
  assert.deepEqual(result.answers, { valutazione: 'corretto_tra_opzioni' });
  assert.equal(result.environment.touch, true);
  assert.equal(result.environment.viewport.width, 360);
  await context.close();
});

test('hostile item text shows as text and runs nothing', async () => {
  const { page, context, dialogs, task } = await openTask('?spec=www/examples/it-implicit/spec.json&items=tests/fixtures/hostile-items.json');
  const widget = task.widget();
  await widget.getByText('<img src=x onerror=alert(1)>', { exact: false }).waitFor();
  await widget.getByText('<script>window.__pwned = 1; alert(2)</script>', { exact: false }).waitFor();
  await widget.getByText('**non grassetto** [link](javascript:alert(5))', { exact: false }).waitFor();
  await page.waitForTimeout(300);
  // Only the item's texts are checked: the spec's own Markdown may hold <strong> legitimately.
  const itemTexts = widget.locator(':scope > .glossa-form > .glossa-block .glossa-block-text');
  assert.equal(await itemTexts.count(), 3);
  assert.equal(await itemTexts.locator('*').count(), 0, 'item texts hold no elements at all');
  assert.equal(await page.locator('img, script:not([type=module]), svg, iframe, a[href^="javascript"]').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(dialogs, []);
  await context.close();
});

test('a bad spec shows a readable panel naming each field, never a blank box', async () => {
  const { page, context } = await openPage(env, '?spec=tests/fixtures/bad-spec.json&items=www/examples/it-implicit/items.json');
  const panel = page.getByRole('alert');
  await panel.getByText('La configurazione del compito contiene errori').waitFor();
  const text = await panel.textContent();
  assert.match(text, /controls\[0\]\.options\[1\]\.value/);
  assert.match(text, /examples\[0\]\.item\.annotazione_umana/);
  await context.close();
});

test('items come one after another; the host API validates and submits', async () => {
  const { page, context, task } = await openTask();
  const changes = page.evaluate(() => new Promise((ok) => {
    document.addEventListener('glossa:change', (e) => ok(e.detail), { once: true });
  }));
  const refused = await page.evaluate(() => window.glossaHandle.submit());
  assert.equal(refused.valid, false);
  assert.equal(refused.problems[0].code, 'required');
  assert.equal(refused.problems[0].message, 'Scegli una delle opzioni.');
  await task.option('Totalmente corretto').check();
  assert.deepEqual(await changes, { valid: true, problems: [] });
  await task.submitButton().click();
  await waitForResults(page, 1);
  await page.getByRole('button', { name: 'Elemento successivo →' }).click();
  await page.getByText('Elemento 2 di 4').waitFor();
  await task.option('Totalmente corretto').check();
  const second = await page.evaluate(() => window.glossaHandle.submit());
  assert.equal(second.item_id, 'it-002');
  const all = await waitForResults(page, 2);
  assert.deepEqual(all.map((r) => r.item_id), ['it-001', 'it-002']);
  await context.close();
});
