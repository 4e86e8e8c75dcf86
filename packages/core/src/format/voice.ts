/**
 * Who reads the hints an answer prints, and so in whose words: the CLI's (`cn find <id>`, `--max-tokens`) or an MCP
 * client's, which calls tools with arguments (`cn_find query=<id>`, `maxTokens`). Every presenter prints its hints
 * through one of these, so an answer never tells an MCP client to type a flag it cannot pass.
 */
export interface Voice {
  /** An option, named as the request field (`maxTokens`, `refsNotIn`): `--max-tokens` or `maxTokens`. */
  option(field: string): string;
  /** Asking `command` again about `subject` (an id, a file): `cn find <id>` or `cn_find query=<id>`. */
  ask(command: string, subject: string): string;
}

/** The argument a tool takes the subject of a re-ask in (the CLI takes it as its first argument). */
const SUBJECT_ARGUMENT: Record<string, string> = {
  find: 'query',
  map: 'file',
  inspect: 'ids',
  calls: 'target',
  impact: 'target',
  impl: 'target',
  type: 'target',
  deps: 'file',
  unused: 'path',
  rename: 'target',
};

export const CLI_VOICE: Voice = {
  option: (field) => `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  ask: (command, subject) => `cn ${command} ${subject}`,
};

export const MCP_VOICE: Voice = {
  option: (field) => field,
  ask: (command, subject) => `cn_${command} ${SUBJECT_ARGUMENT[command] ?? 'target'}=${subject}`,
};
