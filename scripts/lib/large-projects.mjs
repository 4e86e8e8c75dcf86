// Generated project files that once held the daemon for minutes (issue 22): files of one line of 4 MB, files of
// lines a heavy pattern matches slowly, and a project of tens of thousands of declarations. Used by the e2e tests and
// the fault soak, always written into a private temp copy, never committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** Just under the 4 MB cn reads from one file. */
export const LONG_LINE_CHARACTERS = 4_000_000;

/** `export const blobN = "…";` in one line of LONG_LINE_CHARACTERS - 1: many short words, `a` in most, no `x`. */
export function longLine(index) {
  const head = `export const blob${index} = "`;
  const words = 'alpha beta gamma delta banana cabana ';
  const body = words.repeat(Math.ceil(LONG_LINE_CHARACTERS / words.length));
  return `${head}${body.slice(0, LONG_LINE_CHARACTERS - head.length - 3)}";\n`;
}

/** A thousand lines of 1,000 characters, each ending in a digit: `.{900}[0-9]` matches each, slowly (~10 ms). */
export function longRows(index) {
  const row = (line) => `  "${'abcdefghij'.repeat(95)}${line % 10}",`;
  return `export const rows${index} = [\n${Array.from({ length: 1000 }, (_, line) => row(line)).join('\n')}\n];\n`;
}

/** Writes `count` files made by `make(index)` as `<directory>/<prefix><index>.ts` under the root. */
export function writeGenerated(root, directory, prefix, count, make) {
  mkdirSync(path.join(root, directory), { recursive: true });
  for (let index = 0; index < count; index++)
    writeFileSync(path.join(root, directory, `${prefix}${index}.ts`), make(index));
}

/** Declarations per file of `manyDeclarations`: 1,000 such files hold 70,000 (the outline's names: members too). */
export const DECLARATIONS_PER_FILE = 70;

/**
 * A module of DECLARATIONS_PER_FILE declarations cn's outline lists: a class of 9 members, an interface of 9, an enum
 * of 9, 20 exported functions and 20 exported constants.
 */
export function manyDeclarations(index) {
  const members = (make) => Array.from({ length: 9 }, (_, member) => make(member)).join('\n');
  return [
    `export class Service${index} {`,
    members((member) => `  method${member}(): number { return ${member}; }`),
    '}',
    `export interface Shape${index} {`,
    members((member) => `  field${member}: number;`),
    '}',
    `export enum Mode${index} {`,
    members((member) => `  Mode${member} = ${member},`),
    '}',
    ...Array.from(
      { length: 20 },
      (_, n) => `export function compute${index}x${n}(value: number): number { return value + ${n}; }`,
    ),
    ...Array.from({ length: 20 }, (_, n) => `export const limit${index}x${n} = ${n};`),
    '',
  ].join('\n');
}
