import type { FindResponse } from '@cn/protocol';
import { escapeControls } from './control-characters.js';
import { severalAnswersText } from './several-answers.js';
import type { AnswerFormat } from './presenter.js';
import type { Voice } from './voice.js';
import type { ReferenceFields } from '../usecases/find-references.js';

type FileGroup = NonNullable<FindResponse['referenceFiles']>[number];
type SymbolGroup = NonNullable<FindResponse['referenceSymbols']>[number];

/** `call 3, import 1`: a file's references by role (absent when the budget's grouped stage counted them). */
export function roleCounts(group: FileGroup): string {
  return Object.entries(group.roles ?? {})
    .map(([role, count]) => `${role} ${count}`)
    .join(', ');
}

/** `--group file` and `--group symbol`, one line per group, as `text` or `compact` prints them. */
export function groupLines(response: ReferenceFields, style: 'text' | 'compact'): string[] {
  const indent = style === 'text' ? '  ' : '';
  const files = (response.referenceFiles ?? []).map((group: FileGroup) => {
    const roles = roleCounts(group);
    return style === 'text'
      ? `${indent}${group.filePath}  ${group.count}${roles ? `  (${roles})` : ''}`
      : `${group.filePath} (${group.count})${roles ? ` ${roles}` : ''}`;
  });
  const symbols = (response.referenceSymbols ?? []).map((group: SymbolGroup) =>
    style === 'text'
      ? `${indent}${group.kind} ${group.name}  ${group.id}  ${group.count}`
      : `${group.id} ${group.kind} ${group.name} (${group.count})`,
  );
  return [...files, ...symbols];
}

/** What the filters and the comment rule left out, so an answer narrowed on purpose is not read as complete. */
export function leftOutNote(response: ReferenceFields, voice: Voice): string[] {
  const parts = [
    response.filteredReferences ? `${response.filteredReferences} filtered out${filteredWhy(response)}` : '',
    response.commentReferences ? `${response.commentReferences} in comments (${voice.option('role')} comment)` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? [`left out: ${parts.join(', ')}`] : [];
}

/**
 * ` (refs in packages: call ×5; role call: import ×3, declaration ×1)`: each filter, and what the references it left
 * out are, so none is left to guess (an agent told `6 filtered out (role call)` grepped for what the six were).
 */
function filteredWhy({ filteredBy, filteredRoles: groups }: ReferenceFields): string {
  const said = (groups ?? []).map(
    ({ by, roles }) =>
      `${by}: ${Object.entries(roles)
        .map(([role, count]) => `${role} ×${count}`)
        .join(', ')}`,
  );
  const why = said.length > 0 ? said.join('; ') : (filteredBy ?? '');
  return why !== '' ? ` (${why})` : '';
}

/** `--format files`: the distinct files that reference the symbol (the definition's file with --no-refs). */
export function findFiles(response: FindResponse): string {
  return distinctFiles(response).join('\n');
}

function distinctFiles(response: FindResponse): string[] {
  const files = [response, ...(response.moreDefinitions ?? [])].flatMap((part) => [
    ...part.references.map((ref) => ref.filePath),
    ...(part.referenceFiles ?? []).map((group) => group.filePath),
    ...(part.referenceSymbols ?? []).map((group) => group.filePath),
  ]);
  if (response.refs === 'none' && response.definition) files.push(response.definition.filePath);
  if (response.refs === 'none')
    for (const group of response.moreDefinitions ?? []) files.push(group.definition.filePath);
  return [...new Set(files)];
}

/** Several queries (`cn find X Y`): as every command's several answers (several-answers.ts), files from each answer. */
export function findManyText(
  format: AnswerFormat,
  answers: FindResponse[],
  render: (response: FindResponse) => string,
): string {
  return severalAnswersText(
    format,
    answers.map((answer) => ({
      asked: answer.query,
      answer,
      output:
        format === 'files'
          ? distinctFiles(answer).map(escapeControls).join('\n')
          : format === 'json'
            ? ''
            : render(answer),
    })),
  );
}
