#!/usr/bin/env python3
"""Prints the part of www/glossa.css a participant build needs.

Usage: scripts/css_for_build.py BUILD   (choice, number, grid, labels or rating; `full` uses glossa.css whole)

A rule is kept when one of its selectors can match in the build: every name the selector
needs (classes, highlight names, data attributes) is used by a UI file the build has. The files
of the families a build leaves out say so in their header (see src/support/family.rs); a name
found nowhere counts as present, so a rule is dropped only on evidence: a mistake costs bytes, never
a style."""
import functools
import glob
import json
import re
import sys

ROOT = __file__.rsplit('/scripts/', 1)[0]
# The kinds, their families and the builds: www/kinds.json, made from the declaration of the
# kinds (src/kinds/mod.rs). A kind's folder (src/kinds/<kind>/: its views) is in its family's
# builds. A shared UI file of a family a lighter build leaves out says so in its header
# (`//! Build family: marking (...)`, or several: `//! Build family: marking, labels (...)`);
# every other file is in every build.
KINDS = json.load(open(f'{ROOT}/www/kinds.json', encoding='utf-8'))
FAMILY_LINE = re.compile(r'^//! Build family: (\w+(?:, \w+)*)', re.M)
BUILDS = {b['name']: set(b['features']) for b in KINDS['builds'] if b['controls'] is not None}
FOLDER_FAMILY = {c['kind']: c['family'] for c in KINDS['controls']}
# Names made at run time (attribute colours, highlight names, fallback boxes, label tags): the
# span painter's, in the builds with span texts.
DYNAMIC = [(re.compile(r'^glossa-(c\d+|a\d+|sel|cursor|jump|fb-.*|tag.*)$'), {'marking', 'labels'})]


def family_of(path, text):
    folder = re.search(r'/src/kinds/(\w+)/', path)
    if folder and folder.group(1) in FOLDER_FAMILY:
        return frozenset({FOLDER_FAMILY[folder.group(1)]})
    found = FAMILY_LINE.search(text)
    return frozenset(found.group(1).split(', ')) if found else frozenset({'base'})


@functools.cache
def sources():
    files = glob.glob(f'{ROOT}/src/ui/*.rs') + glob.glob(f'{ROOT}/src/host/**/*.rs', recursive=True)
    # A kind's views (the core files there have no class names).
    files += glob.glob(f'{ROOT}/src/kinds/*/*.rs')
    files += [f'{ROOT}/www/glossa.js']
    return tuple((family_of(f, t), t) for f in files for t in [open(f, encoding='utf-8').read()])


@functools.cache
def families_of_name(name, srcs):
    found = set().union(*(fams for fams, text in srcs if re.search(re.escape(name) + r'(?![\w-])', text)))
    if not found:
        for pattern, fams in DYNAMIC:
            if pattern.match(name):
                return set(fams)
        return {'base'}
    return found


NAME = re.compile(r'\.(glossa-[\w-]+)|highlight\((glossa-[\w-]+)\)|\[(data-glossa-[\w-]+)|@keyframes\s+(glossa-[\w-]+)')


def needed(prelude, keep, srcs):
    """A rule is needed when one of its selectors can match: every name in it can be on the page."""
    have = keep | {'base'}
    for selector in prelude.split(','):
        names = [next(g for g in m.groups() if g) for m in NAME.finditer(selector)]
        if all(families_of_name(n, srcs) & have for n in names if n != 'glossa'):
            return True
    return False


def blocks(css):
    """Top-level items: (text before '{', body, whole text), comments and blank text kept."""
    out, i, n = [], 0, len(css)
    while i < n:
        j = css.find('{', i)
        if j < 0:
            out.append((None, None, css[i:]))
            break
        # comments between rules travel with the next rule
        depth, k = 0, j
        while k < n:
            if css.startswith('/*', k):
                k = css.index('*/', k) + 2
                continue
            if css[k] == '{':
                depth += 1
            elif css[k] == '}':
                depth -= 1
                if depth == 0:
                    break
            k += 1
        out.append((css[i:j], css[j + 1:k], css[i:k + 1]))
        i = k + 1
    return out


def strip_comments(s):
    return re.sub(r'/\*.*?\*/', '', s, flags=re.S)


def main():
    build = sys.argv[1]
    keep = BUILDS[build]
    srcs = sources()
    css = open(f'{ROOT}/www/glossa.css', encoding='utf-8').read()
    out = [f'/* glossa.css for the {build} build (scripts/css_for_build.py): the rules of the kinds it has. */\n']
    for prelude, body, whole in blocks(css):
        if prelude is None:
            continue
        head = strip_comments(prelude).strip()
        if head.startswith('@media') or head.startswith('@supports'):
            inner = [w for p, b, w in blocks(body) if p is not None and needed(strip_comments(p), keep, srcs)]
            if inner:
                out.append(f'\n{head} {{' + ''.join(strip_comments(w) for w in inner) + '\n}')
        elif needed(head, keep, srcs):
            out.append('\n' + strip_comments(whole).strip())
    sys.stdout.write(''.join(out) + '\n')


main()
