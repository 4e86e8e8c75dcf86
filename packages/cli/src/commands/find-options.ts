import { CnError } from '@cn/core';
import { REFERENCE_GROUPINGS, REFERENCE_ROLES, type ReferenceGrouping, type ReferenceRole } from '@cn/protocol';
import { say } from '../run.js';

/** `--role call,new`: a comma list of known roles; an unknown one is refused with the list. */
export function roleFlag(value: unknown): ReferenceRole[] | undefined {
  if (value === undefined) return undefined;
  // `--role call --role new` arrives as a list.
  const roles = (Array.isArray(value) ? value.map(flagText).join(',') : flagText(value))
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role !== '');
  const unknown = roles.filter((role) => !(REFERENCE_ROLES as readonly string[]).includes(role));
  if (roles.length === 0 || unknown.length > 0)
    throw new CnError(
      'bad-input',
      roles.length === 0 ? '--role takes a comma list of roles' : `unknown role '${unknown.join("', '")}'`,
      `use --role with ${REFERENCE_ROLES.join(', ')}`,
    );
  return [...new Set(roles as ReferenceRole[])];
}

export function groupFlag(value: unknown): ReferenceGrouping | undefined {
  if (value === undefined) return undefined;
  if (!(REFERENCE_GROUPINGS as readonly unknown[]).includes(value))
    throw new CnError(
      'bad-input',
      `unknown grouping '${flagText(value)}'`,
      `use --group ${REFERENCE_GROUPINGS.join(' or ')}`,
    );
  return value as ReferenceGrouping;
}

function flagText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** How many queries are in flight at once: the daemon answers in parallel, the language server does not. */
const CONCURRENT_QUERIES = 3;

/**
 * Each query answered in order. A query that fails (an id past the file's end) is reported on stderr and left out,
 * unless every one fails: then the first failure is the command's.
 */
export async function answerEach<T>(queries: string[], ask: (query: string) => Promise<T>): Promise<T[]> {
  return (await answerEachAsked(queries, ask)).map(({ answer }) => answer);
}

/** answerEach, each answer with the query it answers. */
export async function answerEachAsked<T>(
  queries: string[],
  ask: (query: string) => Promise<T>,
): Promise<Array<{ asked: string; answer: T }>> {
  const outcomes: Array<{ answer: T } | { error: unknown }> = [];
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      const index = next++;
      outcomes[index] = await ask(queries[index]).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_QUERIES, queries.length) }, worker));
  const answers: Array<{ asked: string; answer: T }> = [];
  const failures: Array<{ query: string; error: unknown }> = [];
  for (const [index, outcome] of outcomes.entries()) {
    if ('answer' in outcome) answers.push({ asked: queries[index], answer: outcome.answer });
    else if (outcome.error instanceof CnError) failures.push({ query: queries[index], error: outcome.error });
    else throw outcome.error;
  }
  if (answers.length === 0) throw failures[0].error;
  for (const { query, error } of failures) say(`${query}: ${(error as CnError).message}`);
  return answers;
}
