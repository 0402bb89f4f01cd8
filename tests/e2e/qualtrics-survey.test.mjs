// End to end: the Qualtrics survey `glossa host qualtrics` writes (survey.qsf), run as Qualtrics
// runs it. Its Survey Flow is walked (embedded data, the randomizer's slot groups, the Loop &
// Merge blocks, the branches, the ends); each loop iteration's question JavaScript, piped text
// substituted, runs in the stand-in survey page (tests/e2e/pages/qualtrics.html) against the
// folder served from another origin with CORS, as a static host would serve it. The responses
// are exported as Qualtrics writes its CSV and read back by `glossa collect qualtrics`; the
// survey file and the export are read by an independent parser (the PyPI `qualtrics` package).
// What a live Qualtrics account would add is in docs/src/hosts/qualtrics.md.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, copyFile, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './harness.mjs';
import { startServer } from '../../scripts/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'target/debug/glossa'); // built by the native test step
const PYTHON = join(ROOT, 'tests/.venv/bin/python');
const DONE = 'https://app.prolific.example/submissions/complete?cc=DONE';
const MISSED = 'https://app.prolific.example/submissions/complete?cc=ATTN';
const BROKEN = 'https://app.prolific.example/submissions/complete?cc=LOAD';
const PLAN = {
  format: 'glossa.plan/1',
  gold: ['it-002'],
  attention: { 'it-002': { valutazione: 'risposta_non_fornita' } },
  annotators: [{ slot: 's01', items: ['it-001', 'it-002'] }, { slot: 's02', items: ['it-003', 'it-002'] }],
};
const LABELS = { risposta_non_fornita: 'Risposta non fornita', totalmente_corretto: 'Totalmente corretto', parzialmente_corretto: 'Parzialmente corretto' };

let env;
let site; // the served folder: {root, url, server}
before(async () => {
  env = await launch();
  const root = await mkdtemp(join(tmpdir(), 'glossa-qualtrics-'));
  site = { root, ...(await startServer(root, 0, { cors: true })) };
});
after(async () => {
  await env?.close();
  await new Promise((ok) => site?.server.close(ok));
});

/** Writes the study and `glossa host qualtrics` into the served folder; returns the survey. */
async function generate(name, { url } = {}) {
  const study = join(site.root, `${name}-study`);
  await mkdir(study);
  await copyFile(join(ROOT, 'www/examples/it-implicit/spec.json'), join(study, 'spec.json'));
  await copyFile(join(ROOT, 'www/examples/it-implicit/items.json'), join(study, 'items.json'));
  await writeFile(join(study, 'plan.json'), JSON.stringify(PLAN));
  const out = join(site.root, name);
  execFileSync(CLI, ['host', 'qualtrics', study, '--out', out, '--url', url ?? `${site.url}${name}/`,
    '--complete', DONE, '--complete-attention', MISSED, '--complete-error', BROKEN], { cwd: ROOT, stdio: 'pipe' });
  const qsf = JSON.parse(await readFile(join(out, 'survey.qsf'), 'utf8'));
  const element = (kind) => qsf.SurveyElements.find((e) => e.Element === kind).Payload;
  const questions = Object.fromEntries(qsf.SurveyElements.filter((e) => e.Element === 'SQ').map((e) => [e.PrimaryAttribute, e.Payload]));
  const blocks = Object.fromEntries(element('BL').map((b) => [b.ID, b]));
  return { path: join(out, 'survey.qsf'), qsf, flow: element('FL'), blocks, questions };
}

/** Whether a branch's condition holds (the operators and conjunctions the survey uses). */
function holds(logic, embedded) {
  const group = logic['0'];
  let value = null;
  for (const key of Object.keys(group).filter((k) => k !== 'Type').sort((a, b) => a - b)) {
    const e = group[key];
    assert.equal(e.LogicType, 'EmbeddedField');
    assert.equal(e.Operator, 'NotEmpty', 'the survey branches on "is not empty"');
    const v = (embedded[e.LeftOperand] ?? '') !== '';
    value = value === null ? v : e.Conjuction === 'Or' ? value || v : value && v;
  }
  return value;
}

/**
 * One respondent: walks the flow; a randomizer presents its `group`-th element (Qualtrics
 * presents them evenly); every question of a looped block is shown once per loop row, in a
 * fresh page. Returns the end's redirect and the response's embedded data.
 */
async function respond(survey, { urlFields, group, answer }) {
  const embedded = { ResponseID: urlFields.ResponseID, ...urlFields };
  async function run(nodes) {
    for (const node of nodes) {
      if (node.Type === 'EmbeddedData') {
        for (const f of node.EmbeddedData) if ('Value' in f) embedded[f.Field] = f.Value;
      } else if (node.Type === 'BlockRandomizer') {
        assert.equal(node.SubSet, 1);
        assert.equal(node.EvenPresentation, true, 'slots are presented evenly');
        const end = await run([node.Flow[group]]);
        if (end) return end;
      } else if (node.Type === 'Group') {
        const end = await run(node.Flow);
        if (end) return end;
      } else if (node.Type === 'Block' || node.Type === 'Standard') {
        await runBlock(survey.blocks[node.ID]);
      } else if (node.Type === 'Branch') {
        if (holds(node.BranchLogic, embedded)) {
          const end = await run(node.Flow);
          if (end) return end;
        }
      } else if (node.Type === 'EndSurvey') {
        return { redirect: node.Options?.SurveyTermination === 'Redirect' ? node.Options.EOSRedirectURL : null };
      } else {
        throw new Error(`a flow element the survey should not have: ${node.Type}`);
      }
    }
    return null;
  }
  async function runBlock(block) {
    assert.equal(block.Options.Looping, 'Static');
    const rows = block.Options.LoopingOptions.Static;
    for (const n of Object.keys(rows).sort((a, b) => a - b)) {
      for (const el of block.BlockElements) {
        const js = survey.questions[el.QuestionID].QuestionJS
          .replace(/\$\{lm:\/\/Field\/(\d+)\}/g, (_, k) => rows[n][k] ?? '')
          .replace(/\$\{lm:\/\/CurrentLoopNumber\}/g, n)
          .replace(/\$\{e:\/\/Field\/([^}]+)\}/g, (_, k) => embedded[k] ?? '');
        const context = await env.browser.newContext();
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(new URL('tests/e2e/pages/qualtrics.html', env.url).href);
        await page.evaluate((code) => window.runQuestionJs(code), js);
        await answer(page, rows[n]['2']);
        Object.assign(embedded, await page.evaluate(() => window.embedded));
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  }
  const end = await run(survey.flow.Flow);
  return { ...end, embedded };
}

/** Answers an Italian item with `choice` (a value), then presses Next once it is enabled. */
function answering(choices) {
  return async (page, itemId) => {
    const label = LABELS[choices[itemId] ?? 'totalmente_corretto'];
    await page.getByRole('radio', { name: label, exact: true }).check({ timeout: 30000 });
    await page.waitForFunction(() => !document.getElementById('NextButton').disabled);
    await page.locator('#NextButton').click();
  };
}

/** Qualtrics' CSV export: the names, the question-text row, the ImportId row, one row per response. */
function exportCsv(survey, responses) {
  const declared = survey.flow.Flow[0].EmbeddedData.map((f) => f.Field);
  const columns = ['StartDate', 'EndDate', 'Status', 'Progress', 'Finished', 'ResponseId', ...declared];
  const quote = (v) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const rows = [
    columns,
    ['Start Date', 'End Date', 'Response Type', 'Progress', 'Finished', 'Response ID', ...declared],
    [...['startDate', 'endDate', 'status', 'progress', 'finished', '_recordId'], ...declared].map((id) => JSON.stringify({ ImportId: id })),
    ...responses.map((r) => ['2026-11-24 10:00:00', '2026-11-24 10:20:00', '0', '100', '1', r.ResponseID, ...declared.map((f) => r.embedded[f])]),
  ];
  return rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}

test('the survey file runs as Qualtrics runs it: slots, loop, attention branch, completion links; the export reads back', async () => {
  const survey = await generate('survey');
  const prolific = { PROLIFIC_PID: 'P0001', STUDY_ID: 'ST1', SESSION_ID: 'SE1' };
  // Slot s01, the attention item answered as instructed: completed.
  const first = await respond(survey, {
    urlFields: { ResponseID: 'R_first', ...prolific },
    group: 0,
    answer: answering({ 'it-002': 'risposta_non_fornita', 'it-001': 'parzialmente_corretto' }),
  });
  assert.equal(first.redirect, DONE);
  assert.equal(first.embedded.__js_glossa_attention ?? '', '');
  // Slot s02, the attention item answered otherwise: the attention link.
  const second = await respond(survey, {
    urlFields: { ResponseID: 'R_second' },
    group: 1,
    answer: answering({}),
  });
  assert.equal(second.redirect, MISSED);
  assert.equal(second.embedded.__js_glossa_attention, 'missed: it-002');

  const responses = [{ ResponseID: 'R_first', embedded: first.embedded }, { ResponseID: 'R_second', embedded: second.embedded }];
  const csv = join(site.root, 'export.csv');
  await writeFile(csv, exportCsv(survey, responses));
  const results = execFileSync(CLI, ['collect', 'qualtrics', csv], { encoding: 'utf8' })
    .trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(results.map((r) => [r.item_id, r.answers.valutazione]), [
    ['it-001', 'parzialmente_corretto'], ['it-002', 'risposta_non_fornita'],
    ['it-003', 'totalmente_corretto'], ['it-002', 'totalmente_corretto'],
  ]);
  assert.deepEqual(results[1].ids, { participant: 'R_first', ...prolific, slot: 's01', gold: 'gold' }, 'Prolific ids, the slot and the gold flag');
  assert.deepEqual(results[2].ids, { participant: 'R_second', slot: 's02' }, 'no gold flag on a non-gold item');
  // The results re-validate as the browser validated them.
  const jsonl = join(site.root, 'results.jsonl');
  await writeFile(jsonl, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  execFileSync(CLI, ['validate', join(site.root, 'survey-study/spec.json'), join(site.root, 'survey-study/items.json'), jsonl], { stdio: 'pipe' });

  // An independent parser reads the survey and its export.
  const read = JSON.parse(execFileSync(PYTHON, [join(ROOT, 'tests/e2e/qsf_read.py'), survey.path, csv], { encoding: 'utf8' }));
  assert.equal(read.surveys[0].survey_name, 'Valutazione del contenuto implicito');
  assert.equal(read.surveys[0].default_language, 'IT');
  assert.deepEqual(read.sections.map((s) => s.type), ['Default', 'Standard']);
  assert.deepEqual(read.loops, ['Static', 'Static']);
  assert.deepEqual(Object.values(read.questions), [{ type: 'DB', selector: 'TB' }, { type: 'DB', selector: 'TB' }]);
  for (const t of ['EmbeddedData', 'BlockRandomizer', 'Group', 'Branch', 'EndSurvey']) assert.ok(read.flow.includes(t), t);
  const glossaColumns = Object.entries(read.columns).filter(([c]) => /glossa|PROLIFIC|STUDY_ID|SESSION_ID/.test(c));
  assert.equal(glossaColumns.length, survey.flow.Flow[0].EmbeddedData.length);
  assert.ok(read.columns.__js_glossa_2_1 && read.columns.glossa_2_sha256, 'both namings, for every loop iteration');
  assert.deepEqual(glossaColumns.filter(([, kind]) => kind !== 'embedded'), [], 'every result column is declared embedded data');
  assert.deepEqual(read.responses, ['R_first', 'R_second']);
});

test('when Glossa cannot load, the participant goes on and the survey ends on the could-not-load link', async () => {
  // The folder is served, but the survey names an address where nothing is.
  const survey = await generate('broken', { url: `${site.url}nothing-here/` });
  const end = await respond(survey, {
    urlFields: { ResponseID: 'R_broken' },
    group: 0,
    answer: async (page) => {
      await page.waitForFunction(() => window.embedded.__js_glossa_error || window.embedded.glossa_error);
      assert.equal(await page.locator('#NextButton').isDisabled(), false, 'Next stays usable');
      await page.locator('#NextButton').click();
    },
  });
  assert.equal(end.redirect, BROKEN);
  assert.match(end.embedded.__js_glossa_error, /^bundle: /);
});
