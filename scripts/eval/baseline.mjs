// The baseline: what an agent does with grep/ripgrep and file reads, scripted without an LLM. The
// agent's reading is simulated mechanically (declaration regexes, brace matching, path
// resolution), which is roughly what a model does with the same text; the tokens are exact.
import path from 'node:path';
import { isCommentLine, readLines, search, searchDirectory } from './tools.mjs';

const DECLARATION_KEYWORDS = 'class|interface|type|function\\*?|const|let|var|enum|namespace';
const TOP_LEVEL = new RegExp(
  `^(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:${DECLARATION_KEYWORDS})\\s+([A-Za-z_$][\\w$]*)`,
);
const MEMBER =
  /^\s{2,4}(?:(?:public|private|protected|static|readonly|abstract|override|declare|async|get|set)\s+)*(#?[A-Za-z_$][\w$]*)\s*[?!]?\s*[(<:=;]/;
const NOT_MEMBERS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'return',
  'const',
  'let',
  'var',
  'throw',
  'super',
  'this',
  'else',
  'try',
  'catch',
  'new',
  'await',
  'yield',
  'case',
  'default',
  'delete',
  'typeof',
  'function',
]);
const WINDOW = 60;

const nameOf = (symbol) => symbol.split('.').pop();
/** What an agent discards when reading grep hits: the word only in a comment or a string. */
const mentionsInCode = (hit, name) =>
  new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`).test(stripStringsAndComments(hit.text)) &&
  !isCommentLine(hit.text);
const escape = (text) => text.replace(/[$]/g, '\\$');

export const BASELINE = {
  definition(t, root, q) {
    return firstLinePerFile(findDeclarations(t, root, nameOf(q.symbol)));
  },

  references(t, root, q) {
    const hits = search(t, root, nameOf(q.symbol), { word: true });
    return new Set(hits.filter((hit) => mentionsInCode(hit, nameOf(q.symbol))).map((hit) => `${hit.file}:${hit.line}`));
  },

  outline(t, root, q) {
    const { lines } = readLines(t, root, q.file);
    return outlineFromText(lines);
  },

  body(t, root, q) {
    const name = nameOf(q.symbol);
    const answer = new Set();
    for (const place of firstLinePerFile(findDeclarations(t, root, name))) {
      const [file, line] = splitPlace(place);
      // Reads windows from the declaration until the block is seen to close, as an agent pages.
      let end;
      let readUpTo = line - 1;
      while (end === undefined) {
        const { lines, last } = readLines(t, root, file, readUpTo + 1, WINDOW);
        end = blockEnd(lines, line, name, last);
        if (last >= lines.length) end ??= lines.length;
        readUpTo = last;
      }
      for (let each = line; each <= end; each++) answer.add(`${file}:${each}`);
    }
    return answer;
  },

  calls(t, root, q) {
    const name = nameOf(q.symbol);
    const hits = search(t, root, `\\b${escape(name)}\\s*\\(`, { regex: true, word: false });
    const declaration = new RegExp(`function\\*?\\s+${escape(name)}\\b`);
    return new Set(
      hits
        .filter((hit) => mentionsInCode(hit, name) && !declaration.test(hit.text))
        .map((hit) => `${hit.file}:${hit.line}`),
    );
  },

  deps(t, root, q) {
    const base = path.basename(q.file).replace(/\.[cm]?[jt]sx?$/, '');
    const pattern = `(from|import|require)\\s*\\(?\\s*['"][^'"]*\\b${escape(base)}(\\.[cm]?[jt]s)?['"]`;
    const importers = new Set();
    for (const hit of search(t, root, pattern, { regex: true, word: false })) {
      for (const match of hit.text.matchAll(/['"]([^'"]+)['"]/g)) {
        if (resolvesTo(hit.file, match[1], q.file)) importers.add(hit.file);
      }
    }
    return importers;
  },

  unused(t, root, q) {
    const { lines } = readLines(t, root, q.file);
    const declared = new Map();
    lines.forEach((text, index) => {
      const match = TOP_LEVEL.exec(text);
      if (match) declared.set(match[1], [...(declared.get(match[1]) ?? []), index + 1]);
    });
    const unused = new Set();
    for (const [name, declarationLines] of declared) {
      const hits = search(t, root, name, { word: true, directory: searchDirectory(root) });
      const uses = hits.filter(
        (hit) => mentionsInCode(hit, name) && !(hit.file === q.file && declarationLines.includes(hit.line)),
      );
      if (uses.length === 0) unused.add(name);
    }
    return unused;
  },
};

function findDeclarations(t, root, name) {
  const pattern = `(${DECLARATION_KEYWORDS})\\s+${escape(name)}\\b`;
  return search(t, root, pattern, { regex: true, word: false }).filter((hit) => !isCommentLine(hit.text));
}

function firstLinePerFile(hits) {
  const byFile = new Map();
  for (const hit of hits) byFile.set(hit.file, Math.min(hit.line, byFile.get(hit.file) ?? Infinity));
  return new Set([...byFile].map(([file, line]) => `${file}:${line}`));
}

function splitPlace(place) {
  const index = place.lastIndexOf(':');
  return [place.slice(0, index), Number(place.slice(index + 1))];
}

/**
 * Last line of the declaration starting at `start`, by brace matching; a bodiless line ending in `;`
 * (an overload, `const x = …;`) ends it unless the next declaration repeats the name. Undefined when
 * the end lies beyond `knownUpTo`, the last line read so far.
 */
function blockEnd(lines, start, name, knownUpTo) {
  let depth = 0;
  let opened = false;
  const repeats = new RegExp(`^\\s*(?:export\\s+)?(?:declare\\s+)?function\\*?\\s+${escape(name)}\\b`);
  for (let line = start; line <= knownUpTo; line++) {
    const code = stripStringsAndComments(lines[line - 1] ?? '');
    for (const ch of code) {
      if (ch === '{' || ch === '(' || ch === '[') depth++;
      if (ch === '}' || ch === ')' || ch === ']') depth--;
      if (ch === '{') opened = true;
    }
    const ended = depth <= 0 && (opened ? /[}\])]\s*;?\s*$/.test(code) : /;\s*$/.test(code));
    if (ended) {
      if (line < knownUpTo && repeats.test(lines[line] ?? '')) {
        opened = false;
        continue;
      }
      return line;
    }
  }
  return undefined;
}

function stripStringsAndComments(text) {
  return text
    .replace(/\/\/.*$/, '')
    .replace(/\/\*.*?\*\//g, '')
    .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, '""');
}

/** Names of the top-level declarations and of the members of top-level classes and interfaces. */
function outlineFromText(lines) {
  const result = new Set();
  let inType = false;
  lines.forEach((text) => {
    // Namespaces nest declarations one indent deep; deeper or `const` ones are locals.
    const nested =
      /^ {2,4}(?:export\s+)?(?:abstract\s+)?(?:class|interface|enum|namespace|function)\s/.test(text) && !inType;
    const top = TOP_LEVEL.exec(nested ? text.trimStart() : text);
    if (top) {
      result.add(top[1]);
      inType = /\b(class|interface|enum)\b/.test(text.slice(0, top.index + top[0].length)) && !/}\s*;?\s*$/.test(text);
      return;
    }
    if (/^}/.test(text)) inType = false;
    const member = inType ? MEMBER.exec(text) : null;
    if (member && !NOT_MEMBERS.has(member[1]) && !isCommentLine(text)) result.add(member[1]);
  });
  return result;
}

/** Resolves a relative specifier the way an agent reads it: ./x, ./x.js, ./x/index. */
function resolvesTo(importer, specifier, target) {
  if (!specifier.startsWith('.')) return false;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier)).replace(/\.[cm]?js$/, '');
  const candidates = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.js'].map((suffix) => `${base}${suffix}`);
  return candidates.includes(target) || candidates.includes(target.replace(/\.[cm]?js$/, '.ts'));
}
