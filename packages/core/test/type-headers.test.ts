import { describe, expect, it } from 'vitest';
import { SourceText } from '../src/domain/source-text.js';
import { typeHeader } from '../src/usecases/type-headers.js';

const text = new SourceText(
  [
    'export abstract class Platform {', // 1
    'export class SqlEntityManager<Driver extends AbstractSqlDriver = AbstractSqlDriver> extends EntityManager<Driver> {', // 2
    'export abstract class AbstractSqlDriver<', // 3
    '  Connection extends AbstractSqlConnection = AbstractSqlConnection,', // 4
    '  Map extends Record<string, () => void> = {},', // 5
    '> extends DatabaseDriver<Connection>', // 6
    '  implements Disposable {', // 7
    'export interface Empty {}', // 8
    'const Ring = class extends Circle {};', // 9
  ].join('\n'),
);

describe('typeHeader: a class or interface header as written, for hierarchy answers', () => {
  it('is the line up to the body when the header is one line', () => {
    expect(typeHeader(text, 1)).toBe('export abstract class Platform {');
    expect(typeHeader(text, 8)).toBe('export interface Empty {');
    expect(typeHeader(text, 9)).toBe('const Ring = class extends Circle {');
  });

  it('folds the type parameters after the name, and keeps the heritage (the line preview cut it)', () => {
    expect(typeHeader(text, 2)).toBe('export class SqlEntityManager<…> extends EntityManager<Driver> {');
  });

  it('joins a header spread over lines, a `{}` default and an arrow type in its parameters included', () => {
    expect(typeHeader(text, 3)).toBe(
      'export abstract class AbstractSqlDriver<…> extends DatabaseDriver<Connection> implements Disposable {',
    );
  });

  it('is nothing past the end of the file', () => {
    expect(typeHeader(text, 40)).toBeUndefined();
  });
});
