import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Every relative link of the repository's Markdown reaches a file, and its #anchor a heading of it,
// as GitHub makes anchors (lower case, punctuation dropped, spaces as dashes, -1 for a repeat).

const root = fileURLToPath(new URL('..', import.meta.url));
const markdown = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** The text outside fenced code blocks. */
const prose = (file: string) => readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(file).matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const slug = (heading as string)
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const repeat = seen.get(slug) ?? 0;
    seen.set(slug, repeat + 1);
    out.add(repeat ? `${slug}-${repeat}` : slug);
  }
  return out;
}

it('has relative links and anchors that resolve', () => {
  const broken: string[] = [];
  let links = 0;
  for (const file of markdown) {
    const path = resolve(root, file);
    for (const [, target] of prose(path).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z]+:/i.test(target as string)) continue;
      links++;
      const [to = '', anchor] = (target as string).split('#');
      const reached = to === '' ? path : resolve(dirname(path), decodeURIComponent(to));
      if (!existsSync(reached)) broken.push(`${file}: ${target}: no such file`);
      else if (
        anchor !== undefined &&
        !(statSync(reached).isFile() && anchors(reached).has(anchor))
      )
        broken.push(`${file}: ${target}: no such heading`);
    }
  }
  expect(links).toBeGreaterThan(20);
  expect(broken).toEqual([]);
});
