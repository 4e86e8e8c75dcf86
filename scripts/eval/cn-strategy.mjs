// The cn strategy: the cn commands an agent would call for each question, using what this build of
// cn offers (read from its --help at run time, so new commands and flags light up by themselves).
import { cnCall, runCn } from './tools.mjs';

/** What the built cn supports: commands, the leanest output format, find's flags. */
export function detectFeatures(root) {
  const help = (args) => runCn([...args, '--help'], root).stdout;
  const main = help([]);
  const find = help(['find']);
  const commands = new Set([...main.matchAll(/^\s{2}(\w+)\s/gm)].map((match) => match[1]));
  // Formats are checked by asking: help texts may lag behind what --format accepts.
  const accepts = (format) => runCn(['status', '--format', format], root).status !== 2;
  return {
    commands,
    format: accepts('compact') ? 'compact' : 'json',
    // Definition only, without the reference search: `--no-refs` (or an older `--refs none`).
    noRefs: /--no-refs\b/.test(find) ? ['--no-refs'] : /--refs <\w+>/.test(find) ? ['--refs', 'none'] : undefined,
    snippetFlag: /--snippet\b/.test(find),
    callsDirection: commands.has('calls') && /--direction\b/.test(help(['calls'])),
    depsDirection: commands.has('deps') && /--direction\b/.test(help(['deps'])),
  };
}

/** Each returns the answer set, or `undefined` when this cn lacks the command the category needs. */
export const CN = {
  definition(t, root, q, features) {
    const narrow = features.noRefs ?? ['--limit', '1'];
    const response = cnCall(t, root, ['find', q.symbol, ...narrow], features.format);
    return new Set(response?.definition ? [place(response.definition)] : []);
  },

  references(t, root, q, features) {
    let response = cnCall(t, root, ['find', q.symbol], features.format);
    // A cut list is re-asked in full, as an agent told "showing n of m" would.
    if (response && response.references.length < response.totalReferences) {
      response = cnCall(t, root, ['find', q.symbol, '--limit', String(response.totalReferences)], features.format);
    }
    return new Set((response?.references ?? []).map(place));
  },

  outline(t, root, q, features) {
    let response = cnCall(t, root, ['map', q.file], features.format);
    if (response?.truncated && response.total)
      response = cnCall(t, root, ['map', q.file, '--limit', String(response.total)], features.format);
    return new Set((response?.symbols ?? []).map((symbol) => symbol.name));
  },

  body(t, root, q, features) {
    if (features.snippetFlag && features.noRefs) {
      const response = cnCall(t, root, ['find', q.symbol, ...features.noRefs, '--snippet', 'full'], features.format);
      const definition = response?.definition;
      if (!definition?.snippet) return new Set();
      // The snippet starts at the declaration's first code line, which is the definition's line.
      return lineSet(definition.filePath, definition.line, definition.line + definition.snippet.split('\n').length - 1);
    }
    const found = cnCall(t, root, ['find', q.symbol, '--limit', '1'], features.format);
    if (!found?.definition) return new Set();
    const inspected = cnCall(t, root, ['inspect', found.definition.id], features.format);
    const result = inspected?.result;
    return result ? lineSet(result.filePath, result.range.startLine, result.range.endLine) : new Set();
  },

  calls(t, root, q, features) {
    if (!features.commands.has('calls')) return undefined;
    const response = cnCall(
      t,
      root,
      ['calls', q.symbol, ...(features.callsDirection ? ['--direction', 'in'] : [])],
      features.format,
    );
    const rootId = response?.root;
    const sites = (response?.edges ?? []).filter((edge) => edge.to === rootId).flatMap((edge) => edge.callSites ?? []);
    return new Set(sites.map(placeOfId));
  },

  deps(t, root, q, features) {
    if (!features.commands.has('deps')) return undefined;
    const response = cnCall(
      t,
      root,
      ['deps', q.file, ...(features.depsDirection ? ['--direction', 'in'] : [])],
      features.format,
    );
    const rootId = response?.root;
    return new Set(
      (response?.edges ?? []).filter((edge) => edge.to === rootId && edge.kind === 'imports').map((edge) => edge.from),
    );
  },

  unused(t, root, q, features) {
    if (features.commands.has('unused')) {
      const response = cnCall(t, root, ['unused', q.file], features.format);
      // The truth counts a use in a test as a use: symbols only tests use are not unused here.
      const listed = response?.files?.flatMap((file) => file.unused).filter((symbol) => !symbol.usedOnlyByTests);
      return new Set((response?.symbols ?? listed ?? response?.unused ?? []).map((symbol) => symbol.name ?? symbol));
    }
    // Without a dedicated command: the outline, then the references of each top-level symbol.
    const outline = cnCall(t, root, ['map', q.file], features.format);
    const unused = new Set();
    for (const symbol of (outline?.symbols ?? []).filter((each) => each.container === undefined)) {
      const found = cnCall(t, root, ['find', symbol.id], features.format);
      const others = (found?.references ?? []).filter((ref) => ref.id !== symbol.id);
      if (found && others.length === 0) unused.add(symbol.name);
    }
    return unused;
  },
};

const place = (ref) => `${ref.filePath}:${ref.line}`;

/** `path::line::char` → `path:line`. */
function placeOfId(id) {
  const [file, line] = id.split('::');
  return `${file}:${line}`;
}

function lineSet(file, start, end) {
  const lines = new Set();
  for (let line = start; line <= end; line++) lines.add(`${file}:${line}`);
  return lines;
}
