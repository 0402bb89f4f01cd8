// End to end: results as the real pages write them, through every stage. Studies with a plan
// (gold and attention items) are piloted through `glossa serve` in Chromium — by participants
// who answer by hand, and, for a set of examples covering every family (text, media, per
// output, display logic, suggestions, gold, attention), by simulated participants on the real
// page (`&simulate=`) — and the results the server collected go through validate, agreement,
// report, aggregate, the tidy export and the published dataset, which holds none of their ids.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFile, cp, mkdtemp, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, ItalianTask } from './harness.mjs';
import { FETCH_PLAYED, KEEP_BLOBS, readTones } from './tones.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Runs the command line; its exit code, standard output and standard error. */
function glossa(...args) {
  const r = spawnSync(CLI, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Runs the command line, which must succeed; its standard output. */
function ok(...args) {
  const r = glossa(...args);
  assert.equal(r.code, 0, `glossa ${args.join(' ')}:\n${r.err}`);
  return r.out;
}

/** A study folder: the spec, the items (with the media beside them) and a plan with `gold`
 *  (none without it). */
async function studyOf(specPath, itemsPath, gold) {
  const dir = await mkdtemp(join(tmpdir(), 'glossa-real-'));
  const study = join(dir, 'study');
  await mkdir(study);
  await copyFile(join(ROOT, specPath), join(study, 'spec.json'));
  await copyFile(join(ROOT, itemsPath), join(study, 'items.json'));
  const clips = join(ROOT, itemsPath, '..', 'clips');
  if (await stat(clips).catch(() => null)) await cp(clips, join(study, 'clips'), { recursive: true });
  const goldPath = join(dir, 'gold.json');
  await writeFile(goldPath, JSON.stringify(gold ?? { items: [] }));
  if (!gold) return { dir, study, spec: join(study, 'spec.json'), items: join(study, 'items.json'), gold: goldPath };
  const plan = ok('plan', join(study, 'spec.json'), join(study, 'items.json'), '--per-item', '2', '--annotators', '2',
    '--gold', goldPath, '--gold-every', '1', '--seed', '3');
  await writeFile(join(study, 'plan.json'), plan);
  return { dir, study, spec: join(study, 'spec.json'), items: join(study, 'items.json'), gold: goldPath, plan: join(study, 'plan.json'), slots: JSON.parse(plan).annotators };
}

/** `glossa serve` of a study collecting into `results`; resolves to {server, base}. */
async function serve(study, results) {
  const server = spawn(CLI, ['serve', study, '--collect', results, '--port', '0'], { cwd: ROOT });
  let said = '';
  server.stderr.on('data', (d) => { said += d; });
  const base = await new Promise((done, fail) => {
    server.stdout.on('data', (d) => {
      const m = /http:\/\/[^/\s]+\//.exec(String(d));
      if (m) done(m[0]);
    });
    server.on('exit', (code) => fail(new Error(`glossa serve exited with ${code}: ${said}`)));
  });
  return { server, base };
}

/** In the page: every result delivered (nothing waits in its outbox). */
const SENT = () => !Object.keys(localStorage).some((k) => k.startsWith('glossa:outbox:'));

const linesOf = async (file) => (await readFile(file, 'utf8')).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));

/** Every file's text under a folder. */
async function allText(dir) {
  let text = '';
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    text += e.isDirectory() ? await allText(p) : await readFile(p, 'latin1');
  }
  return text;
}

/** The stages that read results, on the results a page collected: each must succeed. */
async function throughEveryStage(s, results, name) {
  ok('validate', s.spec, s.items, results);
  const agreement = JSON.parse(ok('agreement', s.spec, results, '--items', s.items, '--gold', s.gold, '--json'));
  assert.equal(typeof agreement.controls, 'object', name);
  ok('report', s.spec, s.items, results, '--gold', s.gold, '--out', join(s.dir, 'report.html'));
  ok('aggregate', s.spec, results, '--items', s.items, '--json');
  assert.ok(ok('export', 'csv', s.spec, results).trim().split('\n').length > 1, `${name}: export csv`);
  const card = join(s.dir, 'card.json');
  await writeFile(card, JSON.stringify({ license: 'cc-by-4.0', pretty_name: name, task_categories: ['other'] }));
  const salt = join(s.dir, 'salt.txt');
  await writeFile(salt, 'a salt of the end-to-end tests, 32+ bytes\n');
  const out = join(s.dir, 'dataset');
  const exported = glossa('export', 'dataset', s.spec, s.items, results, '--card', card, '--salt', salt,
    '--gold', s.gold, '--plan', s.plan, '--out', out);
  assert.equal(exported.code, 0, `${name}: export dataset:\n${exported.err}`);
  // Not one id of a person or a session in any byte of the folder.
  const published = await allText(out);
  for (const r of await linesOf(results)) {
    for (const k of ['participant', 'PROLIFIC_PID', 'SESSION_ID']) {
      if (r.ids[k]) assert.ok(!published.includes(r.ids[k]), `${name}: ${k} ${r.ids[k]} published`);
    }
  }
  const rows = (await readFile(join(out, 'data/annotations/train.jsonl'), 'utf8')).trim().split('\n');
  assert.ok(rows.length >= (await linesOf(results)).length, `${name}: an annotation row per result at least`);
  return { out, card, salt };
}

test('a study with gold and attention items, answered by hand on phones through glossa serve, is published; a refused export leaves nothing', async () => {
  const gold = JSON.parse(await readFile(join(ROOT, 'tests/fixtures/it-gold-attention.json'), 'utf8'));
  const s = await studyOf('www/examples/it-implicit/spec.json', 'www/examples/it-implicit/items.json', gold);
  const results = join(s.dir, 'results.jsonl');
  const { server, base } = await serve(s.study, results);
  try {
    // Three Prolific participants (24 hex digits each, the study's and their session's ids).
    const people = ['5f3e1a2b3c4d5e6f7a8b9c0d', '60a1b2c3d4e5f60718293a4b', '61f0e1d2c3b4a59687786950'];
    for (const [n, pid] of people.entries()) {
      const context = await env.browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${base}?PROLIFIC_PID=${pid}&STUDY_ID=65aa00bb11cc22dd33ee44ff&SESSION_ID=${pid.split('').reverse().join('')}`);
      await page.waitForFunction(() => window.glossaHandle);
      const total = await page.evaluate(() => document.querySelector('#progress-bar').max);
      for (let i = 0; i < total; i += 1) {
        const it = await new ItalianTask(page).ready();
        // The first participant answers "risposta non fornita" after the first item (the
        // attention item's instruction); the others do not.
        await it.option(n === 0 && i > 0 ? 'Risposta non fornita' : 'Totalmente corretto').tap();
        await it.submitButton().tap();
        if (i + 1 < total) await page.getByRole('button', { name: 'Elemento successivo →' }).tap();
      }
      await page.waitForFunction((t) => window.glossaReceived?.length === t, total);
      await page.waitForFunction(SENT);
      await context.close();
    }
  } finally {
    server.kill();
  }
  const collected = await linesOf(results);
  assert.ok(collected.length >= 3, `${collected.length} results`);
  // What the page wrote: Prolific's ids, the slot, gold items flagged.
  const planned = JSON.parse(await readFile(s.plan, 'utf8'));
  for (const r of collected) {
    assert.ok(r.ids.PROLIFIC_PID && r.ids.STUDY_ID && r.ids.SESSION_ID && r.ids.slot, JSON.stringify(r.ids));
    assert.equal(r.ids.gold === 'gold', planned.gold.includes(r.item_id), `${r.item_id}: ${JSON.stringify(r.ids)}`);
  }
  assert.ok(collected.some((r) => r.ids.gold === 'gold'), 'a gold item was answered');
  const { card, salt } = await throughEveryStage(s, results, 'it-implicit by hand');
  // The card says what screening found.
  const readme = await readFile(join(s.dir, 'dataset/README.md'), 'utf8');
  assert.match(readme, /Gold items/);
  // An item naming a participant: refused, and nothing left behind.
  const items = JSON.parse(await readFile(s.items, 'utf8'));
  items[0].testo += ` (${collected[0].ids.PROLIFIC_PID})`;
  const leaky = join(s.dir, 'leaky-items.json');
  await writeFile(leaky, JSON.stringify(items));
  const refused = join(s.dir, 'refused');
  const r = glossa('export', 'dataset', s.spec, leaky, results, '--card', card, '--salt', salt, '--out', refused);
  assert.equal(r.code, 1, r.err);
  assert.match(r.err, /not fit to publish/);
  assert.equal(await stat(refused).catch(() => null), null, 'no folder left');
  assert.deepEqual((await readdir(s.dir)).filter((f) => f.includes('partial')), [], 'no staging folder left');
});

/** The review page on the results the page collected: the most disputed item's majority (or,
 *  on a tie, the aggregate) taken by its key, the next item an annotator's, and the
 *  adjudicated set downloaded, which `glossa validate` accepts. */
async function reviewed(s, results, name) {
  const { page, context, errors } = await openPage(env, 'www/review.html', { viewport: { width: 820, height: 1180 } });
  await page.locator('#spec').setInputFiles(s.spec);
  await page.locator('#items').setInputFiles(s.items);
  await page.locator('#results').setInputFiles(results);
  await page.getByRole('button', { name: 'Open for review' }).click();
  const title = page.locator('#item-title');
  await title.filter({ hasText: /^Item / }).waitFor();
  await page.locator('#by').fill('reviewer');
  const decided = [];
  const sources = [];
  // The majority's answers where there is one (a tie has none), else the aggregate's; then
  // the first annotator's.
  for (const keys of [['m', 'a'], ['1']]) {
    const item = (await title.textContent()).match(/^Item (\S+)/)[1];
    const key = await page.evaluate((ks) => ks.find((k) => document.querySelector(`#takes button[aria-keyshortcuts="${k}"]:not([disabled])`)), keys);
    assert.ok(key, `${name}: ${item}: nothing to take`);
    sources.push({ m: 'majority_vote', a: 'dawid_skene', 1: 'annotator' }[key]);
    await page.locator('#item').focus();
    await page.keyboard.press(key);
    await page.waitForFunction((id) => !document.getElementById('item-title').textContent.startsWith(`Item ${id} `)
      && !document.getElementById('item-title').textContent.endsWith(`Item ${id}`), item);
    decided.push(item);
  }
  const download = page.waitForEvent('download');
  await page.locator('#download').click();
  const file = join(s.dir, 'adjudicated.jsonl');
  await (await download).saveAs(file);
  assert.equal(await page.locator('#download-problems').textContent(), '', name);
  assert.deepEqual(errors, [], `${name}: review page errors`);
  await context.close();
  const got = await linesOf(file);
  assert.deepEqual(got.map((r) => r.item_id), decided, `${name}: the decisions downloaded`);
  assert.deepEqual(got.map((r) => r.adjudication.source), sources);
  ok('validate', s.spec, s.items, file);
  return got;
}

/** The examples whose results the real page collects for the matrix: every family among them. */
const FAMILIES = [
  ['text, a choice, gold and attention', 'www/examples/it-implicit/spec.json', 'www/examples/it-implicit/items.json'],
  ['per output, with display logic', 'www/examples/en-summeval/spec.json', 'www/examples/en-summeval/items.json'],
  ['spans with suggestions', 'www/examples/en-ner/spec.json', 'www/examples/en-ner/items.json'],
  ['media with a headphone check', 'www/examples/en-p808-acr/spec.json', 'www/examples/en-p808-acr/items.json'],
  ['spans and scores per output', 'www/examples/de-esa/spec.json', 'www/examples/de-esa/items.json'],
  ['a titled section without outputs', 'tests/fixtures/followup-spec.json', 'tests/fixtures/followup-items.json'],
  ['links between spans, with suggestions', 'www/examples/en-relations/spec.json', 'www/examples/en-relations/items.json'],
  ['a dialogue rated turn by turn', 'www/examples/en-dialogue/spec.json', 'www/examples/en-dialogue/items.json'],
];

for (const [family, specPath, itemsPath] of FAMILIES) {
  test(`the matrix's stages on results the pilot page collected through glossa serve: ${family}`, async () => {
    // A gold item: a simulated annotator's answers to the first item.
    const [first] = ok('simulate', join(ROOT, specPath), join(ROOT, itemsPath), '--annotators', '1', '--seed', '5').trim().split('\n').map((l) => JSON.parse(l));
    const s = await studyOf(specPath, itemsPath, { items: [{ item_id: first.item_id, kind: 'gold', answers: first.answers }] });
    const results = join(s.dir, 'results.jsonl');
    const { server, base } = await serve(s.study, results);
    let expected = 0;
    try {
      for (const [n, slot] of s.slots.entries()) {
        const context = await env.browser.newContext(PHONE);
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        // Every file of the study the page asks for (spec, items, plan, clips) is served.
        const served = [];
        page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/study/')) served.push([new URL(r.url()).pathname, r.status()]); });
        // The slot's own name as the participant id gives that slot.
        await page.goto(`${base}?participant=${slot.slot}&simulate=${n + 1}`);
        await page.waitForFunction((t) => window.glossaReceived?.length === t, slot.items.length, { timeout: 120000 });
        await page.waitForFunction(SENT, null, { timeout: 60000 });
        assert.deepEqual(errors, [], `${family}: page errors`);
        assert.deepEqual(served.filter(([, status]) => status >= 400), [], `${family}: a study file not served`);
        if (family.startsWith('media')) assert.ok(served.some(([p]) => p.endsWith('.wav')), `${family}: the clips were fetched: ${JSON.stringify(served)}`);
        expected += slot.items.length;
        await context.close();
      }
    } finally {
      server.kill();
    }
    const collected = await linesOf(results);
    assert.equal(collected.length, expected, `${family}: every result collected once`);
    for (const r of collected) {
      assert.equal(r.ids.simulated, 'visual');
      assert.ok(r.ids.participant && r.ids.slot, JSON.stringify(r.ids));
      assert.equal(r.ids.gold === 'gold', r.item_id === first.item_id, `${family}: ${r.item_id} flagged`);
      assert.notEqual(r.environment.user_agent, '', 'the page records the browser');
      if (family.startsWith('media')) {
        assert.equal(r.headphones?.passed, true, 'the headphone check recorded');
        assert.equal(r.media?.clip?.ended, true, 'the clip heard whole');
      }
    }
    await throughEveryStage(s, results, family);
    if (family.startsWith('a dialogue')) {
      // Every reply of the assistant rated, and nothing else: the tidy rows, and the
      // aggregate, name the assistant's turns only (a unit per reply).
      const items = JSON.parse(await readFile(s.items, 'utf8'));
      const replies = new Set(items.flatMap((i) => i.turns.filter((t) => t.speaker === 'system').map((t) => `${i.id}/${t.id}`)));
      const rows = ok('export', 'csv', s.spec, results).trim().split('\n').slice(1).map((l) => l.split(','));
      const rated = new Set(rows.filter((r) => r[2] === 'addresses').map((r) => `${r[1]}/${r[3]}`));
      assert.deepEqual([...rated].sort(), [...replies].sort(), `${family}: the replies rated`);
      const aggregated = JSON.parse(ok('aggregate', s.spec, results, '--items', s.items, '--json'));
      assert.deepEqual(Object.keys(aggregated.addresses.majority_vote.labels).sort(), [...replies].sort());
      // Reviewed: the crowd's ratings of each reply of the item taken.
      const [majority] = await reviewed(s, results, family);
      const item = items.find((i) => i.id === majority.item_id);
      assert.deepEqual(Object.keys(majority.answers.addresses).sort(), item.turns.filter((t) => t.speaker === 'system').map((t) => t.id).sort());
    }
    if (family.startsWith('links')) {
      // The links the page collected are aggregated, and kept only between kept passages.
      const aggregated = JSON.parse(ok('aggregate', s.spec, results, '--items', s.items, '--json'));
      assert.ok(aggregated.relations?.tasks > 0, `${family}: links aggregated: ${Object.keys(aggregated)}`);
      const out = join(s.dir, 'aggregated.jsonl');
      ok('aggregate', s.spec, results, '--items', s.items, '--out', out);
      ok('validate', s.spec, s.items, out);
      // Reviewed: the crowd's links taken for the most disputed item, then an annotator's.
      await reviewed(s, results, family);
    }
  });
}

/** The headphone check by taps: each round played, the quieter tone (read from the file the
 *  page plays) chosen, until it passes. */
async function headphoneCheck(page) {
  await page.evaluate(`(${KEEP_BLOBS})()`);
  for (;;) {
    await page.locator('.glossa-hp-play, .glossa-hp-status').first().waitFor();
    if (await page.locator('.glossa-hp-status').count()) break;
    await page.locator('.glossa-hp-play').tap();
    await page.locator('.glossa-hp-tone').first().waitFor();
    const tones = readTones(await page.evaluate(`(${FETCH_PLAYED})()`));
    await page.locator('.glossa-hp-tone').nth(tones.answer).tap();
  }
  await page.getByText('Headphone check passed.').waitFor();
}

/** Plays the item's clip to its end, rates it Good and submits it (the `n`th result). */
async function listenAndRate(page, n) {
  await page.locator('.glossa-form .glossa-player[data-status="ready"]').waitFor();
  await page.locator('.glossa-form .glossa-player .glossa-play').tap();
  await page.locator('.glossa-form .glossa-player[data-ended="true"]').waitFor();
  await page.getByRole('radio', { name: /Good/ }).first().tap();
  await page.locator('.glossa-submit').tap();
  await page.waitForFunction((k) => window.glossaReceived?.length === k, n);
}

/** The P.808 study with its media block's `unplayable` set, its second item's clip broken (an
 *  error page saved under its name). */
async function brokenStudy(how) {
  const s = await studyOf('www/examples/en-p808-acr/spec.json', 'www/examples/en-p808-acr/items.json', null);
  const spec = JSON.parse(await readFile(s.spec, 'utf8'));
  for (const b of spec.blocks) if (b.kind === 'media') b.unplayable = how;
  await writeFile(s.spec, JSON.stringify(spec));
  const items = JSON.parse(await readFile(s.items, 'utf8'));
  await writeFile(join(s.study, items[1].clip), '<html>502 Bad Gateway</html>');
  return { ...s, broken: items[1] };
}

/** Tries the broken clip again until it failed every try (the draft counts the failures). */
async function failEveryTry(page) {
  await page.locator('.glossa-form .glossa-player[data-status="failed"]').waitFor();
  for (let n = 1; n < 3; n += 1) {
    await page.waitForFunction((k) => window.glossaHandle.draft()?.media?.clip?.failures === k, n);
    await page.locator('.glossa-form .glossa-retry').tap();
  }
  await page.waitForFunction(() => window.glossaHandle.draft()?.media?.clip?.failures === 3);
}

test('a clip that cannot be played: under unplayable "end" the study ends on complete_error with every earlier result delivered; under "skip" the participant goes on', async () => {
  const glossaCheck = (s) => glossa('check', s.spec, s.items);
  for (const how of ['end', 'skip']) {
    const s = await brokenStudy(how);
    // `glossa check` names the file that cannot be played before anyone meets it.
    const checked = glossaCheck(s);
    assert.equal(checked.code, 1);
    assert.match(checked.out, new RegExp(`${s.broken.clip}: cannot be played: it is not WAV audio`));
    const results = join(s.dir, 'results.jsonl');
    const { server, base } = await serve(s.study, results);
    const context = await env.browser.newContext(PHONE);
    await context.route('https://app.prolific.example/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Prolific' }));
    const page = await context.newPage();
    try {
      const back = encodeURIComponent('https://app.prolific.example/submissions/complete?cc=NOCLIP');
      await page.goto(`${base}?participant=listener-${how}&complete_error=${back}`);
      await headphoneCheck(page);
      await listenAndRate(page, 1);
      await page.getByRole('button', { name: /Next item/ }).tap();
      await failEveryTry(page);
      if (how === 'end') {
        await page.getByText('This file cannot be played, so the study cannot go on.').waitFor();
        // The way back, once the first result is on the server.
        const link = page.getByRole('link', { name: 'Finish and return to the study' });
        await link.waitFor();
        assert.equal(await link.getAttribute('href'), 'https://app.prolific.example/submissions/complete?cc=NOCLIP');
        const got = await linesOf(results);
        assert.deepEqual(got.map((r) => r.item_id), [(JSON.parse(await readFile(s.items, 'utf8')))[0].id], 'the earlier result delivered');
        await link.tap();
        await page.waitForURL('https://app.prolific.example/**');
      } else {
        await page.getByText('This file cannot be played. You can go on: answer what you can and submit.').waitFor();
        await page.locator('.glossa-submit').tap();
        await page.waitForFunction(() => window.glossaReceived?.length === 2);
        await page.waitForFunction(SENT);
        const got = await linesOf(results);
        const skipped = got.find((r) => r.item_id === s.broken.id);
        assert.deepEqual(skipped.answers, {}, 'nothing answered about a clip never heard');
        assert.equal(skipped.media.clip.failures, 3);
        ok('validate', s.spec, s.items, results);
      }
    } finally {
      await context.close();
      server.kill();
    }
  }
});

test('P.808 piloted through glossa serve on a phone: the check, every clip played to its end and rated, the results valid, the dataset read with its audio', async () => {
  const s = await studyOf('www/examples/en-p808-acr/spec.json', 'www/examples/en-p808-acr/items.json',
    JSON.parse(await readFile(join(ROOT, 'www/examples/en-p808-acr/gold.json'), 'utf8')));
  const results = join(s.dir, 'results.jsonl');
  const { server, base } = await serve(s.study, results);
  const context = await env.browser.newContext(PHONE);
  const page = await context.newPage();
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  try {
    await page.goto(`${base}?participant=${s.slots[0].slot}`);
    const player = page.locator('.glossa-form .glossa-player');
    await player.first().waitFor();
    await headphoneCheck(page);
    const total = s.slots[0].items.length;
    for (let i = 0; i < total; i += 1) {
      // Every clip rated Good (the trapping clip, which asks for Poor, too: that listener is
      // screened out, and still published).
      await listenAndRate(page, i + 1);
      if (i + 1 < total) await page.getByRole('button', { name: /Next item/ }).tap();
    }
    await page.waitForFunction(SENT);
  } finally {
    await context.close();
    server.kill();
  }
  assert.deepEqual(failed, [], 'every file the page asked for was served');
  const collected = await linesOf(results);
  assert.equal(collected.length, s.slots[0].items.length);
  for (const r of collected) {
    assert.equal(r.media.clip.ended, true, `${r.item_id}: played to its end`);
    assert.equal(r.media.clip.loaded, true, `${r.item_id}: loaded whole`);
    assert.ok(r.media.clip.heard_ms > 0 && r.media.clip.heard_ms >= r.media.clip.duration_ms - 250, `${r.item_id}: heard whole: ${JSON.stringify(r.media.clip)}`);
    assert.equal(r.headphones.passed, true);
  }
  const { out } = await throughEveryStage(s, results, 'P.808 by hand');
  // The dataset with its audio, read by `datasets`: each clip's bytes the file's.
  const py = spawnSync(join(ROOT, 'tests/.venv/bin/python'), ['-c', `
import os, sys, datasets
os.environ["HF_DATASETS_OFFLINE"] = "1"
datasets.disable_progress_bars()
folder = sys.argv[1]
ds = datasets.load_dataset("parquet", data_files={"train": os.path.join(folder, "data/media/train.parquet")}, split="train")
assert isinstance(ds.features["audio"], datasets.Audio), ds.features
ds = ds.cast_column("audio", datasets.Audio(decode=False))
n = 0
for row in ds:
    if row["type"] == "audio":
        assert row["audio"]["bytes"] == open(os.path.join(folder, row["path"]), "rb").read(), row["path"]
        n += 1
print(n)
`, out], { encoding: 'utf8' });
  assert.equal(py.status, 0, py.stderr);
  assert.ok(Number(py.stdout.trim()) >= 13, `the clips read as audio: ${py.stdout}`);
});
