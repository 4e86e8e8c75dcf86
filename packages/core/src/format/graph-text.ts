import type {
  DeclarationForm,
  DiagnosticsResponse,
  NamedLocation,
  OtherMatches,
  TargetGuess,
  TypeResponse,
} from '@cn/protocol';
import { fitListItems, fitType } from '../output/graph-budget.js';
import { cutNotes, fileList, plural } from './notes.js';
import { otherMatchesLine } from './other-matches.js';
import type { Presenter } from './presenter.js';
import type { Voice } from './voice.js';

export function named(location: NamedLocation & DeclarationForm): string {
  const container = location.container ? ` (in ${location.container})` : '';
  const form = location.declaration ? `, ${location.declaration}` : '';
  return `${location.name} (${location.kind}${form})${container} [${location.id}]`;
}

/** A library type by name (`Promise (Interface, library)`: which lib file merges in is noise); else as named. */
function typeDefinition(definition: TypeResponse['typeDefinitions'][number]): string {
  return definition.library ? `${definition.name} (${definition.kind}, library)` : named(definition);
}

/**
 * impl and type answered a guessed name: say so, with the other matches to re-ask by id; and for a name, what a word
 * search for it would also hit.
 */
export function guessNotes(
  response: TargetGuess & { otherMatches?: OtherMatches },
  command: string,
  voice: Voice,
): string[] {
  const words = otherMatchesLine(response.otherMatches);
  if (!response.ambiguous) return words;
  return [
    `ambiguous: the name was a guess; re-ask with an id: ${voice.ask(command, '<id>')}`,
    ...(response.candidates ?? []).map((candidate) => `  also ${named(candidate)}`),
    ...words,
  ];
}

/** `cn type`: every format starts with the symbol and its id, so even a primitive's answer says where it is. */
export const typePresenter: Presenter<TypeResponse> = {
  text: (response, voice) => {
    const lines = [`${named(response.target)}`, response.signature];
    if (response.documentation) lines.push('', response.documentation);
    for (const definition of response.typeDefinitions) lines.push(`type defined at  ${typeDefinition(definition)}`);
    return [...lines, ...guessNotes(response, 'type', voice), ...cutNotes(response, 1, 1, 'symbol', voice)].join('\n');
  },
  compact: (response, voice) =>
    [
      named(response.target),
      response.signature,
      ...response.typeDefinitions.map((definition) =>
        definition.library ? `type: ${definition.name} (library)` : `type: ${definition.id}`,
      ),
      ...guessNotes(response, 'type', voice),
      ...cutNotes(response, 1, 1, 'symbol', voice),
    ].join('\n'),
  // The symbol's own id, then where its type is declared: never empty, unlike the type definitions alone. A library
  // type has no id cn inspect could read: it is left out.
  ids: (response) =>
    [
      response.target.id,
      ...response.typeDefinitions.filter((definition) => !definition.library).map((definition) => definition.id),
    ].join('\n'),
  files: (response) => fileList([response.target, ...response.typeDefinitions]),
  fit: fitType,
};

export const diagnosticsPresenter: Presenter<DiagnosticsResponse> = {
  text: (response, voice) => {
    const lines = response.diagnostics.map(
      (d) => `${d.filePath}:${d.line}:${d.character}  ${d.severity} ${d.code}  ${d.message.split('\n')[0]}`,
    );
    const total = response.total ?? response.diagnostics.length;
    const files = plural(response.filesChecked, 'file');
    // A cut list cannot count the errors among what it left out; it says the total instead.
    if (response.total !== undefined) lines.push(`${plural(total, 'diagnostic')} in ${files}`);
    else {
      const errors = response.diagnostics.filter((d) => d.severity === 'error').length;
      lines.push(`${plural(errors, 'error')}, ${total - errors} other in ${files}`);
    }
    return [...lines, ...cutNotes(response, response.diagnostics.length, total, 'diagnostic', voice)].join('\n');
  },
  // Already one line per diagnostic.
  compact: (response, voice) => diagnosticsPresenter.text(response, voice),
  ids: (response) => response.diagnostics.map((d) => d.id).join('\n'),
  files: (response) => fileList(response.diagnostics),
  fit: (response, maxTokens, measure) => fitListItems(response, 'diagnostics', maxTokens, measure),
};
