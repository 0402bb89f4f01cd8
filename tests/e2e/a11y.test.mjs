// End to end: axe-core finds no accessibility violations (WCAG 2 A/AA) in any family, in its
// plain state and with its messages showing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openPage } from './harness.mjs';

let env;
let axeSource;
before(async () => {
  env = await launch();
  axeSource = await readFile(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
});
after(async () => { await env?.close(); });

async function violations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document.querySelector('.glossa'), { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

for (const example of ['it-implicit', 'en-informativeness', 'cs-abstract-errors', 'cs-propaganda', 'pl-poquad']) {
  test(`${example}: no violations, before and after a refused submit`, async () => {
    const { page, context } = await openPage(env, `?example=${example}`);
    await page.locator('.glossa-submit').waitFor();
    assert.deepEqual(await violations(page), []);
    await page.locator('.glossa-submit').click();
    await page.locator('.glossa-error').first().waitFor();
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
}
