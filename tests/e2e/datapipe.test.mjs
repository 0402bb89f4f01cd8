// End to end: the pilot sending results to DataPipe (OSF), against a stand-in server that
// follows DataPipe's documented API (`POST /api/data/` with `{experimentID, filename, data}`;
// 201; 400 with `MISSING_PARAMETER`, `EXPERIMENT_NOT_FOUND`, `DATA_COLLECTION_NOT_ACTIVE`,
// `OSF_FILE_EXISTS`; CORS on), on another origin as the real one is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { launch, openPage, ItalianTask } from './harness.mjs';

let env;
let pipe;
const files = new Map(); // filename -> data, as OSF would hold them
const requests = [];
const mode = { down: false, loseAnswer: 0 };

before(async () => {
  env = await launch();
  pipe = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, accept', 'access-control-allow-methods': 'POST, OPTIONS' };
    if (mode.down) { req.socket.destroy(); return; }
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); res.end(); return; }
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const answer = (status, json) => { res.writeHead(status, { ...cors, 'content-type': 'application/json' }); res.end(JSON.stringify(json)); };
      let parsed = {};
      try { parsed = JSON.parse(body); } catch { /* a missing parameter below */ }
      const { experimentID, filename, data } = parsed;
      requests.push({ experimentID, filename });
      if (!experimentID || !data || !filename) return answer(400, { error: 'MISSING_PARAMETER' });
      if (experimentID === 'INACTIVE') return answer(400, { error: 'DATA_COLLECTION_NOT_ACTIVE' });
      if (experimentID !== 'EXP1') return answer(400, { error: 'EXPERIMENT_NOT_FOUND' });
      if (files.has(filename)) return answer(400, { error: 'OSF_FILE_EXISTS' });
      files.set(filename, data);
      if (mode.loseAnswer > 0) { mode.loseAnswer -= 1; req.socket.destroy(); return; } // stored, answer lost
      return answer(201, { message: 'Success' });
    });
  });
  await new Promise((ok) => pipe.listen(0, '127.0.0.1', ok));
});
after(async () => {
  await env?.close();
  await new Promise((ok) => pipe.close(ok));
});

const TWO = 'spec=www/examples/it-implicit/spec.json&items=tests/fixtures/it-two-items.json';
const PROLIFIC = 'PROLIFIC_PID=5f1a&STUDY_ID=s77&SESSION_ID=x9';
const COMPLETE = encodeURIComponent('https://app.prolific.example/submissions/complete?cc=C0DE');
const url = () => `http://127.0.0.1:${pipe.address().port}/api/data/`;

async function answer(page, name) {
  const it = await new ItalianTask(page).ready();
  await it.option(name).check();
  await it.submitButton().click();
}

test('every result reaches DataPipe once, through an offline spell, a reload and a lost answer', async () => {
  files.clear();
  requests.length = 0;
  mode.down = true;
  const { page, context } = await openPage(env, `?${TWO}&${PROLIFIC}&datapipe=EXP1&datapipe_url=${encodeURIComponent(url())}&complete=${COMPLETE}`);
  await answer(page, 'Totalmente sbagliato');
  await page.getByRole('button', { name: 'Elemento successivo →' }).waitFor();
  await page.reload(); // still offline: the queue survives
  await page.getByText('Elemento 2 di 2').waitFor();
  mode.down = false;
  mode.loseAnswer = 1; // the next file is stored but its answer never arrives: a resend follows
  await answer(page, 'Risposta non fornita');
  await page.getByRole('link', { name: 'Termina e torna allo studio' }).waitFor({ timeout: 30000 });
  const stored = [...files.entries()];
  assert.equal(stored.length, 2, `two files: ${[...files.keys()]}`);
  const results = stored.map(([, data]) => JSON.parse(data));
  assert.deepEqual(results.map((r) => r.item_id).sort(), ['it-001', 'it-002']);
  for (const [name, data] of stored) {
    const r = JSON.parse(data);
    // Named from the participant's ids (in the result's order), the item and a hash.
    assert.match(name, new RegExp(`^5f1a_x9_s77_${r.item_id}_[0-9a-f]{8}\\.json$`), name);
  }
  assert.ok(requests.some((q) => files.has(q.filename) && requests.filter((x) => x.filename === q.filename).length > 1), 'a resend happened and was taken as delivered');
  assert.equal(await page.locator('#delivery').isVisible(), false);
  await context.close();
});

test('a refusal no retry mends stops the retries, keeps the answers and offers them for download', async () => {
  files.clear();
  requests.length = 0;
  const { page, context } = await openPage(env, `?${TWO}&${PROLIFIC}&datapipe=INACTIVE&datapipe_url=${encodeURIComponent(url())}&complete=${COMPLETE}`, { acceptDownloads: true });
  await answer(page, 'Totalmente sbagliato');
  const alert = page.locator('#delivery');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Non è stato possibile inviare la risposta \(DataPipe: DATA_COLLECTION_NOT_ACTIVE\)/);
  const asked = requests.length;
  await page.waitForTimeout(2500); // a retry would have come by now
  assert.equal(requests.length, asked, 'no retries after a final refusal');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica le tue risposte' }).click()]);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((r) => r.item_id), ['it-001']);
  assert.equal(await page.locator('#complete').isVisible(), false, 'no completion link while an answer is undelivered');
  await context.close();
});
