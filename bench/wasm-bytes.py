#!/usr/bin/env python3
"""Where a wasm's bytes go: code per crate and per Glossa module, data, the rest.

Usage: bench/wasm-bytes.py NAMED.wasm [--top N]
NAMED.wasm must keep its name section (wasm-bindgen --keep-debug, wasm-opt -g); the figures
are raw bytes of function bodies, and the gzip -9 of each group's bodies compressed alone
(a group's share of the bundle's gzip is close to, not exactly, that)."""
import re, sys, zlib, collections

def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1; r |= (x & 0x7F) << s; s += 7
        if x < 0x80: return r, i

def sections(b):
    i = 8
    while i < len(b):
        sid = b[i]; size, j = leb(b, i + 1)
        yield sid, b[j:j + size]; i = j + size

def names(payload):
    out, i = {}, 0
    while True:
        if i >= len(payload): return out
        name_len, i = leb(payload, i); i += name_len
        break
    while i < len(payload):
        sub = payload[i]; size, j = leb(payload, i + 1); body = payload[j:j + size]; i = j + size
        if sub != 1: continue
        n, k = leb(body, 0)
        for _ in range(n):
            idx, k = leb(body, k); ln, k = leb(body, k)
            out[idx] = body[k:k + ln].decode('utf-8', 'replace'); k += ln
    return out

def group(name):
    n = name.replace('<', ' ').replace('&', ' ').replace('(', ' ').replace('[', ' ').split()
    n = [p for p in n if '::' in p] or [name]
    first = n[0]
    crate = first.split('::')[0]
    if crate in ('impl', 'dyn'):
        crate = first.split('::')[0]
    if crate == 'glossa':
        parts = first.split('::')
        return 'glossa::' + parts[1] if len(parts) > 2 else 'glossa'
    if crate in ('core', 'alloc', 'std'):
        # generic std code is charged to the crate of the type it runs for, when there is one
        for p in n[1:]:
            c = p.split('::')[0]
            if c not in ('core', 'alloc', 'std'):
                return group(p) + ' (via std)'
        return 'core/alloc/std'
    return crate

def main():
    path = sys.argv[1]; top = int(sys.argv[sys.argv.index('--top') + 1]) if '--top' in sys.argv else 0
    b = open(path, 'rb').read()
    imports = 0; bodies = []; nm = {}; data = 0; other = collections.Counter()
    for sid, p in sections(b):
        if sid == 2:
            n, i = leb(p, 0)
            for _ in range(n):
                for _ in range(2):
                    ln, i = leb(p, i); i += ln
                kind = p[i]; i += 1
                if kind == 0:
                    imports += 1; _, i = leb(p, i)
                else:
                    raise SystemExit('unexpected import kind')
        elif sid == 10:
            n, i = leb(p, 0)
            for _ in range(n):
                size, j = leb(p, i); bodies.append(p[j:j + size]); i = j + size
        elif sid == 11:
            data = len(p); other['data'] = len(p); datab = p
        elif sid == 0:
            ln, i = leb(p, 0); sec = p[i:i + ln].decode()
            if sec == 'name': nm = names(p)
            else: other['custom ' + sec] += len(p)
        else:
            other['section %d' % sid] += len(p)
    groups = collections.defaultdict(list)
    per_fn = []
    for k, body in enumerate(bodies):
        name = nm.get(imports + k, '?')
        g = group(re.sub(r'::h[0-9a-f]{16}$', '', name))
        groups[g].append(body); per_fn.append((len(body), name))
    code = sum(len(x) for x in bodies)
    rows = sorted(((sum(map(len, v)), len(zlib.compress(b''.join(v), 9)), len(v), g) for g, v in groups.items()), reverse=True)
    print('%-44s %9s %9s %6s' % ('group (code)', 'raw', 'gzip', 'fns'))
    for raw, gz, n, g in rows:
        if raw * 200 >= code:
            print('%-44s %9d %9d %6d' % (g, raw, gz, n))
    small = [r for r in rows if r[0] * 200 < code]
    if small:
        print('%-44s %9d %9s %6d' % ('(%d smaller groups)' % len(small), sum(r[0] for r in small), '', sum(r[2] for r in small)))
    print('%-44s %9d %9d %6d' % ('code total', code, len(zlib.compress(b''.join(bodies), 9)), len(bodies)))
    print('%-44s %9d %9d' % ('data (read-only: strings, tables)', data, len(zlib.compress(datab, 9)) if data else 0))
    for k, v in other.items():
        if k != 'data': print('%-44s %9d' % (k, v))
    print('%-44s %9d %9d' % ('file', len(b), len(zlib.compress(b, 9))))
    if top:
        print('\nlargest functions:')
        for size, name in sorted(per_fn, reverse=True)[:top]:
            print('%8d  %s' % (size, name[:150]))

main()
