/**
 * The block `cn guide` prints, for AGENTS.md / CLAUDE.md, and `cn mcp` serves as its guide resource and prompt;
 * the README quotes it verbatim.
 */
export const GUIDE = `## Code navigation: use cn, not grep, for TypeScript/JavaScript
cn answers from the TypeScript compiler (a daemon per project; the first call starts it).
Every answer carries ids (path::line::char) that any cn command accepts back, and says what it left out
(\`… N more\`, \`left out:\`, \`incomplete:\`, a \`warning:\` for a filter that matched no file): read it as whole.

- New to the repo? \`cn overview --format compact\` (files, top declarations, signatures; ~2k tokens)
- Where is X defined / used? \`cn find X --format compact\`  (X = Name, Class.member, an id, or
  \`path/file.ts::Name\`: that file's declaration, import or re-export of Name, \`export *\` followed; any command)
  - every declaration the name fits is answered, each with its refs; \`rg -w X would also hit …\` says what else the word is
  - only the definition: \`--no-refs --snippet fold\`; only uses: \`--refs-only\`
  - narrow it: \`--kind class|function|method|…\`, \`--in src/dir\` or \`--in "src/**/*.ts,lib"\`, \`--exact\`
  - "ambiguous" or wrong pick? re-ask with a candidate's id: \`cn find <id>\`
  - how it is used: \`--role call,new\` (also write, type, import, extends…; call: whose other \`X(\` are),
    \`--group file|symbol\`, \`--format files\`
  - list (no refs): \`cn find "*Router"\`, \`cn find "Router.*"\` (its members, inherited too), \`--kind interface --in src\`
- Don't know the name? \`cn search "retry delay backoff" --format compact\` (declarations ranked by the words of
  their names, docs, strings and bodies; a question works too; the best one's code when short; \`--kind\`, \`--in\`)
- A string or pattern? \`cn grep "retry\\w*" [paths] --format compact\` instead of rg: RE2 regex, each line shown
  under the declaration it is in; \`-i\`, \`-w\`, \`-F\`, \`--code-only\`, \`--kind method\`; \`--format ids | cn inspect -\`
- What is in a file or class? \`cn map path/file.ts[::Class] --format compact\` (line ranges: the name's line to the
  closing one; modifiers, re-exports resolved; \`--kind method --public --static\`; \`--format names\`; \`--snippet fold\`)
- Show me the code: \`cn inspect <id> [<id> …]\` (\`--expand declaration\`: the whole method; \`--no-code\`: its lines;
  lines a map gave: \`f.ts:173-200\`), or pipe ids, \`rg -n\` (add \`--file f.ts\`) or tsc lines: \`cn find X --format ids | cn inspect -\`
- Who calls it / what does it call? \`cn calls X [Y …] --direction in|out --depth 2 --format tree\`
  (only calls and \`new\`, by the declaration written around them: \`mount › arrow@9\` in its callback, else \`<module>\`;
  \`--refs-not-in "**/*.test.ts"\`; a file: its top-level calls; a name two functions share: each answered)
- What does changing X reach? \`cn impact X --format compact\` (files that call or import it, barrels followed;
  tests listed; \`--depth 2\`: callers' users too; \`--since HEAD\`: what uncommitted changes reach)
- What extends / implements it (or does it extend)? \`cn impl X --direction sub|super|both\` (mixins, class expressions too)
- What imports this file? \`cn deps path/file.ts --direction in --format compact\` (each import statement and the
  \`paths\` alias it went through; \`--refs-not-in "tests/**"\`); unused files: \`cn deps --orphans\`
- Dead code? \`cn unused [file|dir] [--kind function]\` (each with what \`rg -w\` would hit, none a use; used only by
  tests or read by a computed key \`ns[key]\`: marked); exports no other file uses: \`--exported\`; whose uses count:
  \`--refs-in src\`, \`--refs-not-in "**/*.test.*"\`; a class's members (subclass uses count, statics apart): \`cn unused MyClass --members\`
- Rename? \`cn rename X newName --format text\` previews; \`--apply --if-unchanged <fingerprint>\` writes all or nothing
- Edit OK? \`cn check path/file.ts - < new.ts\` (or \`--content-file\`): its errors and its importers', new ones marked; nothing written
- Several questions, one call: find, map, calls, impl, impact, deps, unused and inspect take several targets
  (\`cn impl A B\`, \`cn map a.ts::X b.ts::Y\`): one answer each under \`# target\`, flags shared
- Keep answers small: \`--limit N\`, \`--max-tokens N\` (the answer says what it cut and how many are left).
- Answer shapes: \`cn schema <command>\` prints the JSON Schema of its answer (\`--request\`: of its request)
- Exit codes: 0 found, 1 nothing found, 2 bad input, 3 daemon unavailable, 4 engine failure, 5 --output or rename unwritable, 6 stale rename preview.
Use rg only for files cn does not read (config, docs, other languages).`;
