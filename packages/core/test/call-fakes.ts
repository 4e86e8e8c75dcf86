import * as path from 'node:path';
import type {
  AnonymousScope,
  CallHierarchyItem,
  OutgoingCall,
  OutlineNode,
  Position,
  ReferenceSite,
  ReferenceSyntax,
  RenameCapture,
  SourceLocation,
} from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, key } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

interface Declaration {
  name: string;
  kind: string;
  filePath: string;
  node: OutlineNode;
}

/**
 * An engine, navigation and files derived from source text the way the language server would see
 * it, for the shapes the tests use: `function f() {`, `class C {}` or `const f = () => {` … up to a line that is
 * `}` (or all on one line), and `describe('x', () => {` callbacks up to `})`. References are every
 * other whole-word occurrence of a declared name (also in comments or `instanceof`, as the engine's
 * are); outgoing calls are the occurrences inside a declaration. The reference syntax reads the same shapes
 * (TextReferenceSyntax).
 */
export function codebaseFromText(sources: Record<string, string>) {
  const engine = new FakeEngine();
  const navigation = new TextNavigation();
  const files = new FakeFiles(sources);
  const declarations: Declaration[] = [];
  for (const [relative, text] of Object.entries(sources)) {
    const filePath = path.join(ROOT, relative);
    const lines = text.split('\n');
    const outline: OutlineNode[] = [];
    let callback: OutlineNode | undefined;
    lines.forEach((content, index) => {
      const line = index + 1;
      const callbackMatch = /^(\w+)\('([^']*)', \(\) => \{$/.exec(content);
      if (callbackMatch) {
        const end = lines.findIndex((candidate, after) => after > index && candidate === '})') + 1;
        callback = nodeOf(`${callbackMatch[1]}('${callbackMatch[2]}') callback`, 'Function', line, end, line, 1);
        outline.push(callback);
        return;
      }
      const match = /^(\s*)(?:export )?(?:(function|class) (\w+)|const (\w+) = )/.exec(content);
      if (!match) return;
      const name = match[3] ?? match[4];
      const kind = match[2] === 'class' ? 'Class' : match[2] ? 'Function' : 'Variable';
      const end =
        content.trimEnd().endsWith('}') || !content.trimEnd().endsWith('{')
          ? line
          : lines.findIndex((candidate, after) => after > index && candidate === `${match[1]}}`) + 1;
      const nameAt = match[0].length - name.length - (match[3] ? 0 : 3);
      const node = nodeOf(name, kind, line, end, line, nameAt + 1);
      const inside = callback && line > callback.range.start.line && line < callback.range.end.line;
      (inside ? callback!.children : outline).push(node);
      declarations.push({ name, kind, filePath, node });
    });
    engine.outlines[filePath] = outline;
  }
  const cache = new Map<string, SourceLocation[]>();
  const occurrences = (name: string) =>
    cache.get(name) ?? (cache.set(name, occurrencesIn(sources, name)), cache.get(name)!);
  for (const declaration of declarations) {
    const { start } = declaration.node.selectionRange;
    const item = navigation.addItem(declaration.name, declaration.filePath, declaration.node);
    engine.referencesAt[key(declaration.filePath, start)] = occurrences(declaration.name).filter(
      (site) =>
        site.filePath !== declaration.filePath ||
        site.range.start.line !== start.line ||
        site.range.start.character !== start.character,
    );
    navigation.outgoing.set(item.name, []);
  }
  for (const caller of declarations) {
    const { range } = caller.node;
    for (const callee of declarations) {
      const sites = occurrences(callee.name).filter(
        (site) =>
          site.filePath === caller.filePath &&
          site.range.start.line > range.start.line &&
          site.range.start.line <= range.end.line,
      );
      if (sites.length > 0)
        navigation.outgoing.get(caller.name)!.push({ to: navigation.items.get(callee.name)!, callSites: sites });
    }
  }
  return { engine, navigation, files, referenceSyntax: new TextReferenceSyntax() };
}

interface Scope {
  name: string;
  kind: string;
  /** 0-based lines. */
  start: number;
  end: number;
  nameAt: Position;
  /** Where an arrow callback's own text starts (its `()`), or undefined for a named declaration. */
  arrowAt?: number;
  indent: number;
  named: boolean;
}

/**
 * Roles and enclosing declarations read from the same line shapes as the outlines above, by the rule of the real
 * syntax reader: functions, classes and `const f = () =>` at any depth, other `const`s at the top level only;
 * `describe('x', () => {` callbacks (at any indentation) are unnamed arrows in between.
 */
export class TextReferenceSyntax implements ReferenceSyntax {
  async renameCaptures(): Promise<RenameCapture[]> {
    return [];
  }

  async classify(_fileName: string, text: string, positions: readonly Position[]): Promise<ReferenceSite[]> {
    const lines = text.split('\n');
    const scopes = scopesOf(lines);
    return positions.map((asked) => {
      const line = lines[asked.line - 1] ?? '';
      // Any character of a name stands for the name, as a node of the real syntax tree does.
      const nameStart = /[\w$]*$/.exec(line.slice(0, asked.character - 1))!.index;
      const position = { line: asked.line, character: nameStart + 1 };
      const before = line.slice(0, position.character - 1);
      const after = line.slice(position.character - 1).replace(/^[\w$]+/, '');
      const declared = scopes.some(
        (scope) => scope.named && scope.nameAt.line === position.line && scope.nameAt.character === position.character,
      );
      const role: ReferenceSite['role'] =
        /^\s*import\b/.test(line) || /^\s*export \{/.test(line)
          ? line.trimStart().startsWith('import')
            ? 'import'
            : 'export'
          : declared
            ? 'declaration'
            : /\bnew\s+$/.test(before)
              ? 'new'
              : /^\s*\(/.test(after)
                ? 'call'
                : 'read';
      const around = scopes.filter(
        (scope) =>
          !(scope.named && scope.nameAt.line === position.line && scope.nameAt.character === position.character) &&
          (position.line - 1 > scope.start ||
            (position.line - 1 === scope.start &&
              position.character - 1 >= (scope.arrowAt ?? scope.nameAt.character))) &&
          position.line - 1 <= scope.end,
      );
      const enclosing = around.filter((scope) => scope.named).pop();
      const through: AnonymousScope[] = around
        .filter((scope) => !scope.named && (!enclosing || scope.start >= enclosing.start))
        .map((scope) => ({ kind: 'arrow', line: scope.start + 1 }));
      return {
        role,
        ...(enclosing
          ? {
              enclosing: {
                name: enclosing.name,
                kind: enclosing.kind,
                position: enclosing.nameAt,
                end: { line: enclosing.end + 1, character: 1000 },
              },
            }
          : {}),
        ...(through.length > 0 ? { through } : {}),
      };
    });
  }
}

/** Named declarations and arrow callbacks, outermost first. */
function scopesOf(lines: string[]): Scope[] {
  const scopes: Scope[] = [];
  lines.forEach((content, index) => {
    const indent = /^\s*/.exec(content)![0];
    const endOf = (closing: string) =>
      content.trimEnd().endsWith('}') || !content.trimEnd().endsWith('{')
        ? index
        : lines.findIndex((candidate, after) => after > index && candidate === closing);
    const callback = /^(\s*)\w+\('[^']*', (\(\) => \{)$/.exec(content);
    if (callback) {
      const arrowAt = content.indexOf(callback[2]);
      scopes.push({
        name: '',
        kind: 'arrow',
        start: index,
        end: endOf(`${indent}})`),
        nameAt: { line: index + 1, character: arrowAt + 1 },
        arrowAt,
        indent: indent.length,
        named: false,
      });
      return;
    }
    const match = /^(\s*)(?:export )?(?:(function|class) (\w+)|const (\w+) = (\(.*\) =>)?)/.exec(content);
    if (!match) return;
    const name = match[3] ?? match[4];
    const isFunctionValue = match[2] !== undefined || match[5] !== undefined;
    // A `const` inside a function or callback is a local: no declaration anyone asks about.
    if (!isFunctionValue && indent.length > 0) return;
    const kind = match[2] === 'class' ? 'Class' : isFunctionValue ? 'Function' : 'Variable';
    const nameAt = content.indexOf(name, match[1].length + (match[0].startsWith(`${indent}export`) ? 7 : 0));
    scopes.push({
      name,
      kind,
      start: index,
      end: endOf(`${indent}}`),
      nameAt: { line: index + 1, character: nameAt + 1 },
      indent: indent.length,
      named: true,
    });
  });
  return scopes.sort((a, b) => a.start - b.start || a.indent - b.indent);
}

/** Navigation whose outgoing calls were read from the text. */
class TextNavigation extends FakeNavigation {
  outgoing = new Map<string, OutgoingCall[]>();

  addItem(name: string, filePath: string, node: OutlineNode): CallHierarchyItem {
    const item: CallHierarchyItem = {
      name,
      kind: node.kind === 'Class' ? 'Class' : 'Function',
      filePath,
      range: node.range,
      selectionRange: node.selectionRange,
    };
    this.items.set(name, item);
    return item;
  }

  override async outgoingCalls(item: CallHierarchyItem): Promise<OutgoingCall[]> {
    this.expanded.push(`out:${item.name}`);
    return this.outgoing.get(item.name) ?? [];
  }
}

function occurrencesIn(sources: Record<string, string>, name: string): SourceLocation[] {
  const found: SourceLocation[] = [];
  for (const [relative, text] of Object.entries(sources)) {
    text.split('\n').forEach((content, index) => {
      for (const match of content.matchAll(new RegExp(`\\b${name}\\b`, 'g'))) {
        const character = match.index + 1;
        found.push({
          filePath: path.join(ROOT, relative),
          range: {
            start: { line: index + 1, character },
            end: { line: index + 1, character: character + name.length },
          },
        });
      }
    });
  }
  return found;
}

function nodeOf(
  name: string,
  kind: string,
  line: number,
  endLine: number,
  nameLine: number,
  nameCharacter: number,
): OutlineNode {
  return {
    name,
    kind,
    // The last line is taken whole: a one-line function ends where its line does.
    range: { start: { line, character: 1 }, end: { line: endLine, character: 1000 } },
    selectionRange: {
      start: { line: nameLine, character: nameCharacter },
      end: { line: nameLine, character: nameCharacter + name.length },
    },
    children: [],
  };
}
