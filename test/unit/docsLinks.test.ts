import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README and the guides beside it: what a newcomer follows from one to the other. */
const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text a reader sees as prose: no fenced code, no inline code, no HTML comments. */
const prose = (markdown: string) =>
  markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/`[^`\n]*`/g, '');

/** The anchors GitHub gives a page's headings: lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
function getHeadingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .trim();
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link and image of a page, as written: `[text](target)` or `![alt](target)`. */
function getRelativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with a link from `page` to `target`, or null when it leads somewhere. */
function checkLink(page: string, target: string): string | null {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const file = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
  if (!existsSync(file)) return `${page}: ${target}: there is no ${file}`;
  if (anchor === undefined) return null;
  if (!file.endsWith('.md') || statSync(file).isDirectory())
    return `${page}: ${target}: #${anchor} points into ${file}, which has no headings`;
  const anchors = getHeadingAnchors(readFileSync(file, 'utf8'));
  return anchors.has(decodeURIComponent(anchor)) ? null : `${page}: ${target}: ${file} has no heading #${anchor}`;
}

describe('links between the README and the guides', () => {
  it('the README links every guide in docs/', () => {
    const readme = getRelativeLinks(readFileSync('README.md', 'utf8'));
    for (const page of PAGES.filter((p) => p !== 'README.md')) expect(readme, page).toContain(page);
  });

  for (const page of PAGES)
    it(`${page}: every relative link leads to a file, and every #anchor to a heading there`, () => {
      const links = getRelativeLinks(readFileSync(page, 'utf8'));
      expect(links.length).toBeGreaterThan(0);
      expect(links.map((target) => checkLink(page, target)).filter(Boolean)).toEqual([]);
    });

  it('anchors are GitHub’s: punctuation dropped, code unmarked, repeats numbered', () => {
    const anchors = getHeadingAnchors(
      '# The lesson’s model\n## Message API, version 1\n```\n# not a heading\n```\n## `npm run kernel`\n## Notes\n## Notes\n',
    );
    expect([...anchors]).toEqual(['the-lessons-model', 'message-api-version-1', 'npm-run-kernel', 'notes', 'notes-1']);
  });

  it('the README’s picture is there and small enough to load at once (under 200 KB)', () => {
    const [picture] = getRelativeLinks(readFileSync('README.md', 'utf8')).filter((t) => t.endsWith('.png'));
    expect(picture).toBeDefined();
    expect(statSync(picture).size).toBeLessThan(200_000);
  });
});
