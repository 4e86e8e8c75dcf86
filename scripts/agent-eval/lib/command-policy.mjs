// Which commands each agent may run through run.mjs. A guard against an agent stepping outside its
// tool set or peeking at the truth, not a sandbox: the agents are told the same rules in their
// briefs. A command is one shell string; it is split into a pipeline of simple commands (quotes
// respected) and every stage must start with an allowed program and pass that program's checks.

export const ALLOWED = {
  cn: ['cn'],
  grep: ['rg', 'grep', 'sed', 'awk', 'cat', 'head', 'tail', 'find', 'ls', 'wc'],
  mcp: ['mcp-call'],
};
// The mixed agent of the first measurement: cn and the text tools together.
ALLOWED.both = [...ALLOWED.cn, ...ALLOWED.grep];

const FORBIDDEN_MENTIONS = [
  /agent-eval\/truth/i,
  /truth\/[\w.-]*\.json/i,
  /agent-eval\/(?:score|build-truth|lib|questions)/i,
];

const GLOB = '*?[]';
const quoteChar = (c) => (c === "'" ? `"'"` : /[\w./,:=@%+-]/.test(c) ? c : `'${c}'`);

/**
 * Splits a shell string into pipeline stages of words { text, shell }: `text` is the word as the
 * program receives it (checked), `shell` the same word re-quoted for bash with only unquoted glob
 * characters left active. Throws on anything but words, quotes, globs, `|` and `2>/dev/null`.
 */
export function parsePipeline(command) {
  const stages = [[]];
  let word = null;
  const append = (text, shell) => {
    word = word ?? { text: '', shell: '' };
    word.text += text;
    word.shell += shell;
  };
  const literal = (text) => append(text, [...text].map(quoteChar).join(''));
  const push = () => {
    if (word !== null) stages.at(-1).push(word);
    word = null;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      const text = command.slice(i + 1, end);
      literal(text);
      if (text === '') append('', "''");
      i = end;
    } else if (c === '"') {
      let text = '';
      for (i += 1; i < command.length && command[i] !== '"'; i++) {
        if (command[i] === '$' || command[i] === '`')
          throw new Error('no $ or ` inside double quotes (use single quotes)');
        // As bash: inside double quotes a backslash escapes only a quote, a backslash, a backtick, a dollar and
        // a newline, and stays before anything else (rg "\w+" keeps its backslash).
        if (command[i] === '\\' && i + 1 < command.length && '"\\`$\n'.includes(command[i + 1])) i += 1;
        text += command[i];
      }
      if (i >= command.length) throw new Error('unterminated double quote');
      literal(text);
      if (text === '') append('', "''");
    } else if (c === '\\' && i + 1 < command.length && command[i + 1] !== '\n') {
      literal(command[i + 1]);
      i += 1;
    } else if (c === ' ' || c === '\t') {
      push();
    } else if (c === '|') {
      if (command[i + 1] === '|') throw new Error("'||' is not allowed: one pipeline per call");
      push();
      if (stages.at(-1).length === 0) throw new Error('empty pipeline stage');
      stages.push([]);
    } else if (command.startsWith('2>/dev/null', i) && word === null) {
      i += '2>/dev/null'.length - 1; // dropping error output is harmless; other redirections are not
      stages.at(-1).push({ text: '2>/dev/null', shell: '2>/dev/null', redirect: true });
    } else if (';&<>`$()\n~#'.includes(c)) {
      throw new Error(`'${c}' is not allowed outside single quotes: one pipeline of plain commands per call`);
    } else {
      append(c, GLOB.includes(c) ? c : quoteChar(c));
    }
  }
  push();
  if (stages.some((stage) => stage.length === 0)) throw new Error('empty command or pipeline stage');
  return stages;
}

const outsideCorpus = (word) => word.startsWith('/') || word.startsWith('~') || /(?:^|[/=])\.\.(?:[/]|$)/.test(word);

const PROGRAM_CHECKS = {
  find: (args) =>
    args.find((a) => /^-(?:exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)$/.test(a)) &&
    'find may not run or write anything (-exec, -delete, -fprint…)',
  sed: (args) =>
    args.find((a) => /^(?:-i|--in-place)/.test(a) || /^-[a-zA-Z]*i/.test(a)) && 'sed may not edit files (-i)',
  awk: (args) =>
    args.find((a) => /\bsystem\s*\(|\bgetline\b|\bprintf?\b[^;]*>|\|\s*"/.test(a)) &&
    'awk may not run commands or write files (system, getline, print >, | "…")',
  rg: (args) =>
    args.find((a) => /^--pre(?:=|$)|^--search-zip$|^-z$/.test(a)) && 'rg may not run preprocessors (--pre, -z)',
  cn: (args) => ['mcp', 'stop'].includes(args[0]) && `cn ${args[0]} is not part of the cn agent's tools`,
  'mcp-call': () => false,
};

/**
 * Why a command is refused for an agent, or undefined when it may run. Refusals name the rule, so
 * the agent can correct itself.
 */
export function refusalFor(agent, command) {
  if (!ALLOWED[agent]) return `unknown agent '${agent}' (${Object.keys(ALLOWED).join(', ')})`;
  if (FORBIDDEN_MENTIONS.some((pattern) => pattern.test(command)))
    return 'the eval truth, scorer and builder are off-limits';
  let stages;
  try {
    stages = parsePipeline(command);
  } catch (error) {
    return error.message;
  }
  if (agent === 'mcp' && stages.length > 1) return 'the mcp agent runs one mcp-call per command, no pipes';
  for (const stage of stages) {
    const [program, ...args] = stage.filter((word) => !word.redirect).map((word) => word.text);
    if (!ALLOWED[agent].includes(program))
      return `'${program}' is not allowed for the ${agent} agent (allowed: ${ALLOWED[agent].join(', ')})`;
    const words = args;
    if (agent !== 'mcp' && words.some(outsideCorpus))
      return 'paths must stay inside the corpus (no absolute paths, ~ or ..)';
    const problem = PROGRAM_CHECKS[program]?.(words);
    if (problem) return problem;
  }
  return undefined;
}

/** The stages as bash will run them: GNU sed gets --sandbox (no e/r/w commands). */
export function shellCommand(stages) {
  return stages
    .map((stage) =>
      stage
        .map((word, index) => (index === 0 && word.text === 'sed' ? `${word.shell} --sandbox` : word.shell))
        .join(' '),
    )
    .join(' | ');
}
