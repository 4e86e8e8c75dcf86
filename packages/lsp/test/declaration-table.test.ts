import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readDeclarations } from '../src/navigation/declaration-table.js';
import { enclosingDeclaration } from '../src/navigation/enclosing-declaration.js';
import { parseSource } from '../src/navigation/source-syntax.js';

const SOURCE = [
  "import { fetchJson } from './http';", // 1
  '', // 2
  '/** Wait this long before the next attempt. */', // 3
  'export const RETRY_DELAY_MS = 250;', // 4
  '', // 5
  '// Doubles the delay after every failure.', // 6
  'export function backoff(attempt: number): number {', // 7
  '  const step = (n: number) => RETRY_DELAY_MS * 2 ** n;', // 8
  '  // never more than a minute', // 9
  "  return Math.min(step(attempt), 60_000, Number('Infinity'));", // 10
  '}', // 11
  '', // 12
  'export class Client extends Base implements Sender {', // 13
  '  #retries = 0;', // 14
  '  constructor(private readonly url: string) {', // 15
  '    super();', // 16
  '  }', // 17
  '  /** Sends, retrying on 503. */', // 18
  '  async send(body: unknown): Promise<Response> {', // 19
  '    const response = await fetchJson(`${this.url}/send?try=${this.#retries}`, body);', // 20
  '    return response;', // 21
  '  }', // 22
  '  get retries() {', // 23
  '    return this.#retries;', // 24
  '  }', // 25
  '}', // 26
  '', // 27
  'interface Options { timeoutMs: number; onRetry(attempt: number): void }', // 28
  "const handlers = { refresh() { return 'again'; }, other: 1 };", // 29
  "app.get('/users', (c) => c.json([]));", // 30
].join('\n');

describe('readDeclarations: every named declaration with the words cn search ranks it by', () => {
  const declarations = readDeclarations('client.ts', SOURCE);
  const byName = (name: string) => declarations.find((declaration) => declaration.name === name)!;

  it('lists the declarations the references’ `in` knows, with kind, container, name position and span', () => {
    expect(
      declarations.map(
        (d) =>
          `${d.kind} ${d.container ? `${d.container}.` : ''}${d.name} @${d.position.line}:${d.position.character} ${d.startLine}-${d.endLine}`,
      ),
    ).toEqual([
      'Constant RETRY_DELAY_MS @4:14 3-4',
      'Function backoff @7:17 7-11',
      'Function backoff.step @8:9 8-8',
      'Class Client @13:14 13-26',
      'Property Client.#retries @14:3 14-14',
      'Constructor Client.constructor @15:3 15-17',
      'Method Client.send @19:9 18-22',
      'Getter Client.retries @23:7 23-25',
      'Interface Options @28:11 28-28',
      'Property Options.timeoutMs @28:21 28-28',
      'Method Options.onRetry @28:40 28-28',
      'Constant handlers @29:7 29-29',
      'Method handlers.refresh @29:20 29-29',
    ]);
  });

  it('takes the doc comment (JSDoc or //) above, the comments, strings and identifiers of its own body', () => {
    expect(byName('RETRY_DELAY_MS')).toMatchObject({
      doc: '/** Wait this long before the next attempt. */',
      signature: 'RETRY_DELAY_MS = 250',
    });
    expect(byName('backoff')).toMatchObject({
      doc: '// Doubles the delay after every failure.',
      comments: '// never more than a minute',
      strings: 'Infinity',
      signature: 'export function backoff(attempt: number): number',
    });
    // step's body is its own: backoff keeps Math.min, step keeps RETRY_DELAY_MS.
    expect(byName('backoff').identifiers.split(' ')).toEqual(['attempt', 'Math', 'min', 'step', 'attempt', 'Number']);
    expect(byName('step').identifiers.split(' ')).toEqual(['n', 'RETRY_DELAY_MS', 'n']);
    expect(byName('send')).toMatchObject({ doc: '/** Sends, retrying on 503. */', strings: '/send?try=' });
    expect(byName('Client').signature).toBe('export class Client extends Base implements Sender {');
    expect(byName('Client').identifiers.split(' ')).toEqual(['Base', 'Sender']);
  });

  it('agrees with enclosingDeclaration: each identifier lies in the innermost span whose declaration encloses it', () => {
    const source = parseSource('client.ts', SOURCE);
    const checked: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        const offset = node.getStart(source);
        const owner = declarations.filter((d) => d.start <= offset && offset < d.end).at(-1);
        const isOwnName =
          owner &&
          owner.position.line === source.getLineAndCharacterOfPosition(offset).line + 1 &&
          owner.position.character === source.getLineAndCharacterOfPosition(offset).character + 1;
        if (!isOwnName) {
          expect(enclosingDeclaration(source, node).declaration?.name, node.getText(source)).toBe(owner?.name);
          checked.push(node.getText(source));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });
});
