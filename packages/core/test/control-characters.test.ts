import { describe, expect, it } from 'vitest';
import {
  PRESENTERS,
  escapeControls,
  escapeControlsInBlock,
  formatsOf,
  jsonText,
  presentAnswer,
  type FindResponse,
  type InspectResponse,
  type TypeResponse,
} from '../src/index.js';

const OSC_TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
const C1_CSI = '\u009b31m';
const BIDI = '\u202e';
/** Every control a terminal acts on, except the line breaks a block keeps. */
const HOSTILE = `${OSC_TITLE}${CLEAR}${C1_CSI}\u007f${BIDI}\u2066`;
/** What may be printed raw: tab, line feed, printable text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

describe('escaping control characters', () => {
  it('shows each as a visible \\u escape, keeps tab and every printable character, and is a no-op on clean text', () => {
    expect(escapeControls(`a${OSC_TITLE}b`)).toBe('a\\u001b]0;pwned\\u0007b');
    expect(escapeControls(`${CLEAR}${C1_CSI}\u007f`)).toBe('\\u001b[2J\\u009b31m\\u007f');
    expect(escapeControls(`if (${BIDI}x\u2069)`)).toBe('if (\\u202ex\\u2069)');
    const clean = 'const 名前 = "🎉"\t// ok';
    expect(escapeControls(clean)).toBe(clean);
    expect(escapeControls(escapeControls(HOSTILE))).toBe(escapeControls(HOSTILE));
  });

  it('escapes line breaks in one line (a path, a name) but keeps them in a block (code)', () => {
    expect(escapeControls('a\nb.ts\r')).toBe('a\\u000ab.ts\\u000d');
    expect(escapeControlsInBlock('one\ntwo\r\nthree\rover')).toBe('one\ntwo\r\nthree\\u000dover');
    expect(escapeControlsInBlock(`x${CLEAR}\n`)).toBe('x\\u001b[2J\n');
  });

  it('json: the same value, with nothing raw a terminal acts on', () => {
    const value = { name: HOSTILE, nested: [`${BIDI}\u0085`] };
    const text = jsonText(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(jsonText({ clean: '名前' })).toBe(JSON.stringify({ clean: '名前' }));
  });
});

const hostileRef = {
  id: `src/a${CLEAR}.ts::3::7`,
  filePath: `src/a${CLEAR}.ts`,
  line: 3,
  character: 7,
  kind: 'Function',
  name: `greet${BIDI}`,
  preview: `export function greet() { return "${OSC_TITLE}"; }`,
};

const findAnswer: FindResponse = {
  query: `greet${C1_CSI}`,
  definition: { ...hostileRef, snippet: `function greet() {\n  // ${HOSTILE}\n}` },
  references: [
    {
      ...hostileRef,
      id: `src/b\nsrc/evil.ts::1::1.ts::4::1`,
      filePath: 'src/b\nsrc/evil.ts::1::1.ts',
      line: 4,
      character: 1,
      role: 'call',
      in: { name: `caller${OSC_TITLE}`, kind: 'Function', id: 'src/b.ts::2::1' },
    },
  ],
  totalReferences: 1,
  candidates: [{ ...hostileRef, container: `Box${BIDI}` }],
  totalCandidates: 1,
};

const inspectAnswer: InspectResponse = {
  result: {
    id: hostileRef.id,
    filePath: hostileRef.filePath,
    range: { startLine: 1, endLine: 3 },
    expand: 'block',
    code: `const a = "${OSC_TITLE}";\r\nconst b = 1;\rconst c = "${CLEAR}";`,
    relatedSymbols: [`x${BIDI}`],
  },
};

const typeAnswer: TypeResponse = {
  target: hostileRef,
  signature: `function greet(): "${OSC_TITLE}"`,
  documentation: `Says hi.\n\n${CLEAR}@param none`,
  typeDefinitions: [hostileRef],
};

describe('every text format escapes what came from files', () => {
  const cases = [
    ['find', findAnswer],
    ['inspect', inspectAnswer],
    ['type', typeAnswer],
  ] as const;

  it.each(cases)(
    '%s: no raw control character in any format, and an injected line break stays one line',
    (command, answer) => {
      for (const format of formatsOf(PRESENTERS[command])) {
        const { output } = presentAnswer(command, answer as never, format);
        expect(output, `${command} --format ${format}`).not.toMatch(RAW_CONTROL);
        // A path holding a line break would otherwise print a forged id on a line of its own.
        expect(output.split('\n'), `${command} --format ${format}`).not.toContain('src/evil.ts::1::1.ts::4::1');
      }
    },
  );

  it('keeps the lines of code and doc comments, and shows the escapes where the controls were', () => {
    const code = presentAnswer('inspect', inspectAnswer, 'text').output;
    // The header, two lines of code (the lone \r is not a break of its own), the related names.
    expect(code.split('\n')).toHaveLength(4);
    expect(code).toContain('const a = "\\u001b]0;pwned\\u0007";');
    expect(code).toContain('const b = 1;\\u000dconst c = "\\u001b[2J";');
    const type = presentAnswer('type', typeAnswer, 'text').output;
    expect(type).toContain('Says hi.\n\n\\u001b[2J@param none');
  });

  it('changes nothing in the answer itself (the json and the fitted answer keep the file text)', () => {
    const { answer, output } = presentAnswer('find', findAnswer, 'text');
    expect(answer.definition?.name).toBe(`greet${BIDI}`);
    expect(JSON.parse(presentAnswer('find', findAnswer, 'json').output)).toEqual(findAnswer);
    expect(output).toContain('greet\\u202e');
  });

  it('prints clean answers exactly as before: the escaping costs no token', () => {
    const clean: FindResponse = {
      query: 'greet',
      definition: { ...hostileRef, id: 'src/a.ts::3::7', filePath: 'src/a.ts', name: 'greet', preview: 'x();' },
      references: [],
      totalReferences: 0,
      candidates: [],
      totalCandidates: 0,
    };
    for (const format of formatsOf(PRESENTERS.find).filter((format) => format !== 'json')) {
      const render = PRESENTERS.find[format as 'text' | 'compact' | 'ids' | 'files'];
      expect(presentAnswer('find', clean, format).output).toBe(render(clean));
    }
  });
});
