import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { headingAnchors, localLinks } from './markdown.js';

/** Each local link of a Markdown file whose file or heading anchor does not exist, as `target (why)`. */
export function brokenLinks(markdownFile: string): string[] {
  const broken: string[] = [];
  for (const link of localLinks(readFileSync(markdownFile, 'utf8'))) {
    const target = link.file === '' ? markdownFile : path.resolve(path.dirname(markdownFile), link.file);
    if (!existsSync(target)) {
      broken.push(`${link.target} (no such file)`);
      continue;
    }
    if (link.anchor === undefined) continue;
    if (!statSync(target).isFile() || !target.endsWith('.md')) {
      broken.push(`${link.target} (an anchor into something that is not a Markdown file)`);
    } else if (!headingAnchors(readFileSync(target, 'utf8')).has(link.anchor)) {
      broken.push(`${link.target} (no such heading)`);
    }
  }
  return broken;
}
