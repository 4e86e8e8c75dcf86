/**
 * Just enough Markdown reading to check a document's links the way GitHub renders them: headings and
 * links outside fenced code, anchors slugged as GitHub does (lower case, punctuation and symbols
 * dropped, spaces to hyphens, a repeated slug numbered -1, -2 …).
 */

/** The lines of a document that are not inside a ``` or ~~~ fence. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence === undefined) lines.push(line);
  }
  return lines;
}

export function githubSlug(headingText: string): string {
  const text = headingText
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link in a heading is slugged by its text
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor the document's headings produce on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface LocalLink {
  /** The target as written, e.g. `docs/security.md#threats` or `#exit-codes`. */
  target: string;
  /** The file part ('' for a link within the same document). */
  file: string;
  anchor: string | undefined;
}

/** Links to files of the repository (not http:, mailto: …), outside code fences and code spans. */
export function localLinks(markdown: string): LocalLink[] {
  const links: LocalLink[] = [];
  for (const line of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const hash = target.indexOf('#');
      links.push({
        target,
        file: hash === -1 ? target : target.slice(0, hash),
        anchor: hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1)),
      });
    }
  }
  return links;
}
