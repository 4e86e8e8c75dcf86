import { describe, expect, it } from 'vitest';
import { relatedSymbols } from '../src/index.js';

describe('relatedSymbols', () => {
  it('lists names used but declared elsewhere, in first-appearance order, without keywords or duplicates', () => {
    const code = [
      'export class Checkout extends Base implements Payable {',
      '  private readonly total: Money = zero();',
      '  constructor(private readonly users: UserRepository) { super(); }',
      '  pay(userId: string, amount: Money): Receipt {',
      '    const user = this.users.findById(userId);',
      '    if (!user) throw new NotFound(`no user ${userId} in ${Registry.name}`);',
      '    return { id: newId(), user, amount };',
      '  }',
      '}',
    ].join('\n');
    expect(relatedSymbols(code)).toEqual([
      'Base',
      'Payable',
      'Money',
      'zero',
      'UserRepository',
      'Receipt',
      'NotFound',
      'Registry',
      'newId',
    ]);
  });

  it('skips comments, strings and member names after a dot', () => {
    const code = '// Uses Hidden\nconst a = "Quoted" + other.prop + \'Also\'; /* Block */ call(a);';
    expect(relatedSymbols(code)).toEqual(['other', 'call']);
  });

  it('treats arrow and function parameters, destructuring and type parameters as declared', () => {
    const code = [
      'function map<T, R>(source: Source<T>, project: (value: T) => R) {',
      '  const { first, rest } = split(source);',
      '  return items.map(item => project(item)).concat([first], rest);',
      '}',
    ].join('\n');
    expect(relatedSymbols(code)).toEqual(['Source', 'split', 'items']);
  });

  it('keeps unicode identifiers whole', () => {
    expect(relatedSymbols('const 名前 = 挨拶(値);')).toEqual(['挨拶', '値']);
  });

  it('leaves out the members a class, interface or object type declares, not the outer names they use (issue 13)', () => {
    const hono = [
      'export class Hono<E extends Env = Env> extends HonoBase<E> {',
      "  #path = '/'",
      '  router: Router<[H, RouterRoute]>',
      '  private notFoundHandler: NotFoundHandler = notFoundHandler',
      '  errorHandler = errorHandler',
      '  route = (sub: string) => this.mount(sub)',
      '  get(path: string) { return this.#addRoute(path) }',
      '  #addRoute(path: string) { return path }',
      '  private helper(p: string) { return compose(p) }',
      '  mount(sub: string): this { return this }',
      '}',
    ].join('\n');
    expect(relatedSymbols(hono)).toEqual([
      'Env',
      'HonoBase',
      'Router',
      'H',
      'RouterRoute',
      'NotFoundHandler',
      'notFoundHandler',
      'errorHandler',
      'compose',
    ]);
    const types = [
      'interface Context<E extends Env> {',
      '  req: HonoRequest',
      '  get<Key extends keyof E>(key: Key): Value',
      '}',
      'type Options = {',
      '  strict?: boolean',
      '  onError(err: Error): Response',
      '}',
      'const made = { total, run() { return total } }',
    ].join('\n');
    expect(relatedSymbols(types)).toEqual(['Env', 'HonoRequest', 'Value', 'Error', 'Response', 'total']);
  });
});
