// The demo's static server serves its root and nothing outside it (issue 21).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { startServer } from '../../scripts/static-server.mjs';

/** A GET with the path sent exactly as written (no client-side normalisation). */
function get(port, path) {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => ok({ status: res.statusCode, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('files outside the root are never served: encoded dot-dot, a sibling with the same prefix, a symlink out', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'glossa-static-'));
  await mkdir(join(dir, 'site'));
  await mkdir(join(dir, 'site-secret'));
  await writeFile(join(dir, 'site', 'index.html'), 'home');
  await writeFile(join(dir, 'site', 'a.json'), '{"ok":1}');
  await writeFile(join(dir, 'site-secret', 'secret.txt'), 'SECRET');
  await writeFile(join(dir, 'secret.txt'), 'SECRET');
  await symlink(join(dir, 'site-secret'), join(dir, 'site', 'link'));
  const { server, url } = await startServer(join(dir, 'site'), 0);
  const port = new URL(url).port;
  try {
    assert.equal((await get(port, '/')).body, 'home');
    assert.equal((await get(port, '/a.json')).status, 200);
    for (const path of ['/..%2fsite-secret/secret.txt', '/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt',
      '/../site-secret/secret.txt', '/link/secret.txt', '/..%5csite-secret%5csecret.txt', '/a.json%00.txt']) {
      const r = await get(port, path);
      assert.equal(r.status, 404, path);
      assert.doesNotMatch(r.body, /SECRET/, path);
    }
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

test('while serve.sh finishes the other builds, the media build (every kind) stands in for them, and only then', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'glossa-standin-'));
  await mkdir(join(dir, 'www/pkg/media'), { recursive: true });
  await mkdir(join(dir, 'www/pkg/choice'), { recursive: true });
  await writeFile(join(dir, 'www/pkg/media/glossa.js'), 'media');
  await writeFile(join(dir, 'www/pkg/choice/glossa.js'), 'choice');
  await writeFile(join(dir, 'www/glossa.css'), 'every rule');
  const standing = await startServer(dir, 0, { standIn: true });
  const port = standing.server.address().port;
  assert.deepEqual(await get(port, '/www/pkg/labels/glossa.js'), { status: 200, body: 'media' }, 'a build not made yet: media');
  assert.deepEqual(await get(port, '/www/pkg/full/glossa.js'), { status: 200, body: 'media' }, 'full too');
  assert.deepEqual(await get(port, '/www/pkg/labels/glossa.css'), { status: 200, body: 'every rule' }, 'its stylesheet: the whole one');
  assert.deepEqual(await get(port, '/www/pkg/choice/glossa.js'), { status: 200, body: 'choice' }, 'a build made: itself');
  assert.equal((await get(port, '/www/pkg/unknown/glossa.js')).status, 404);
  await new Promise((ok) => standing.server.close(ok));
  const plain = await startServer(dir, 0);
  assert.equal((await get(plain.server.address().port, '/www/pkg/labels/glossa.js')).status, 404, 'never in the tests\' server');
  await new Promise((ok) => plain.server.close(ok));
});

test('--help prints the usage and serves nothing; an unknown option is refused', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = new URL('../../scripts/static-server.mjs', import.meta.url).pathname;
  const help = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8', env: { ...process.env, PORT: '0' }, timeout: 30000 });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: node scripts\/static-server\.mjs \[FOLDER\] \[--stand-in\]/);
  assert.ok(!help.stdout.includes('Glossa demo:'), 'no server started for --help');
  const bad = spawnSync(process.execPath, [script, '--port=1'], { encoding: 'utf8', env: { ...process.env, PORT: '0' }, timeout: 30000 });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown option: --port=1/);
});
