// Every relative link of the README and the docs pages leads to a file in this repository (and to a
// heading of it, when the link names one): a fresh clone is all a reader has, and a link to a folder
// beside the repository (`../shared/spec/…`) was dead for everyone who cloned it (issue 37).
// A path in a code span that names a Markdown file is held to the same rule: the README cited the
// service's spec that way.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Markdown outside fenced code blocks (a shell example's `[x](y)` is not a link). */
const prose = (markdown: string) => markdown.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1.*$/gm, '');

interface Link {
  page: string;
  target: string;
  /** A code span's path may be written from the repository's root as well as from its page. */
  fromRoot: boolean;
}

function linksOf(page: string): Link[] {
  const text = prose(readFileSync(join(ROOT, page), 'utf8'));
  const links: Link[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    links.push({ page, target: m[1], fromRoot: false });
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) links.push({ page, target: m[1], fromRoot: false });
  for (const m of text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g))
    links.push({ page, target: m[1], fromRoot: false });
  for (const m of text.matchAll(/`([^`\s]*\/[^`\s]*\.md(?:#[^`\s]*)?)`/g))
    links.push({ page, target: m[1], fromRoot: true });
  return links.filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target));
}

/** Why a link is dead, or null. */
function problemOf(link: Link): string | null {
  const [path, anchor] = link.target.split('#') as [string, string | undefined];
  const candidates = path === '' ? [join(ROOT, link.page)] : [resolve(ROOT, dirname(link.page), decodeURI(path))];
  if (link.fromRoot && path !== '') candidates.push(resolve(ROOT, decodeURI(path)));
  const inside = candidates.filter((c) => c === ROOT || c.startsWith(ROOT + sep));
  if (inside.length === 0) return 'leads outside the repository';
  const file = inside.find((c) => existsSync(c) && !relative(ROOT, c).split(sep).includes('node_modules'));
  if (!file) return 'no such file in the repository';
  if (anchor === undefined || !file.endsWith('.md') || statSync(file).isDirectory()) return null;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor.toLowerCase())
    ? null
    : `no heading #${anchor} in ${relative(ROOT, file)}`;
}

describe('links in the README and docs/', () => {
  it('finds the pages and their links (the check below is not vacuous)', () => {
    expect(PAGES).toContain('README.md');
    expect(PAGES).toContain(join('docs', 'lake.md'));
    expect(PAGES.flatMap(linksOf).length).toBeGreaterThan(100);
  });

  it('every relative link leads to a file in the repository, and to its heading', () => {
    const dead = PAGES.flatMap(linksOf)
      .map((link) => ({ link, problem: problemOf(link) }))
      .filter((d) => d.problem !== null)
      .map((d) => `${d.link.page}: ${d.link.target}: ${d.problem}`);
    expect(dead).toEqual([]);
  });

  it('would catch a link out of the repository, to a missing file and to a missing heading', () => {
    const page = 'README.md';
    expect(problemOf({ page, target: '../shared/spec/ledger-service-interface.md', fromRoot: true })).toBe(
      'leads outside the repository',
    );
    expect(problemOf({ page, target: 'docs/no-such-page.md', fromRoot: false })).toBe('no such file in the repository');
    expect(problemOf({ page, target: 'docs/lake.md#no-such-heading', fromRoot: false })).toMatch(/no heading/);
    expect(problemOf({ page, target: 'docs/lake.md#layout', fromRoot: false })).toBeNull();
  });
});
