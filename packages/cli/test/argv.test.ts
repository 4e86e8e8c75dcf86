import { cac } from 'cac';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, refuseEmptyValues } from '../src/argv.js';
import { COMMANDS } from '../src/commands/index.js';
import { registerGlobalOptions } from '../src/help.js';

/** cn's own parser set-up (every command, the global options), and what one command line parses to. */
function parse(...args: string[]) {
  const cli = cac('cn');
  registerGlobalOptions(cli);
  for (const register of COMMANDS) register({ cli, run: () => undefined });
  parseCommandLine(cli, ['node', 'cn', ...args]);
  return { cli, args: cli.args, options: cli.options, command: cli.matchedCommand?.name };
}

function refusal(...args: string[]): string {
  const { cli } = parse(...args);
  try {
    refuseEmptyValues(cli, cli.matchedCommand!);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('the command line as typed (issue 22, item 9)', () => {
  // Each was a number: `-F ""` searched for "0", `-F 0x10` for "16", `-o 2024` was "not a file path".
  it('keeps every value and argument the string it was', () => {
    expect(parse('grep', '-F', '0x10')).toMatchObject({ command: 'grep', args: ['0x10'], options: { F: true } });
    expect(parse('grep', '-F', '')).toMatchObject({ args: [''], options: { fixedStrings: true } });
    expect(parse('grep', '-w', '1e3', 'src')).toMatchObject({ args: ['1e3', 'src'], options: { wordRegexp: true } });
    expect(parse('find', 'User', '-o', '2024').options).toMatchObject({ o: '2024', output: '2024' });
    expect(parse('find', 'User', '--format', '').options.format).toBe('');
    expect(parse('find', 'User', '--role=', '--limit', '010').options).toMatchObject({ role: '', limit: '010' });
    expect(parse('start', '--engine', '').options.engine).toBe('');
  });

  // Was "missing required args": a flag without a value took "true" or "false" as its own.
  it('never lets a flag without a value take the next argument', () => {
    expect(parse('grep', '-w', 'true')).toMatchObject({ args: ['true'], options: { wordRegexp: true } });
    expect(parse('grep', '-i', 'false', 'src')).toMatchObject({
      args: ['false', 'src'],
      options: { ignoreCase: true },
    });
    expect(parse('--quiet', 'find', 'User')).toMatchObject({ command: 'find', args: ['User'] });
  });

  // `cn inspect - id` lost both: mri read `-` as a flag with no name and gave it the next argument.
  it('reads - as an argument, and everything after -- as arguments', () => {
    expect(parse('inspect', '-', 'src/a.ts::1::1').args).toEqual(['-', 'src/a.ts::1::1']);
    expect(parse('grep', '--', '-foo', '--format')).toMatchObject({ args: ['-foo', '--format'] });
    expect(parse('grep', '--', '-foo').options.format).toBeUndefined();
  });

  it('keeps negative numbers the values of their options', () => {
    expect(parse('find', 'User', '--limit', '-1').options.limit).toBe('-1');
    expect(parse('find', 'User', '-l', '-3').options.limit).toBe('-3');
  });
});

describe('empty values and arguments', () => {
  it.each([
    [['grep', '-F', ''], 'empty argument for <pattern>'],
    [['grep', '-w', ''], 'empty argument for <pattern>'],
    [['grep', 'x', ''], 'empty argument for [...paths]'],
    [['find', ''], 'empty argument for [...queries]'],
    [['map', ''], 'empty argument for <file>'],
    [['unused', ''], 'empty argument for [...paths]'],
    [['find', 'User', '--format', ''], 'empty value for --format'],
    [['find', 'User', '--role', 'call', '--role', ''], 'empty value for --role'],
    [['find', 'User', '-o', ''], 'empty value for --output'],
    [['impact', '--since', ''], 'empty value for --since'],
    [['start', '--engine', ''], 'empty value for --engine'],
    [['find', 'User', '--root', ''], 'empty value for --root'],
    [['inspect', 'a.ts:1', '--context='], 'empty value for --context'],
  ])('%j is refused: %s', (args, message) => {
    expect(refusal(...args)).toBe(message);
  });

  it('takes values that are blank but not empty, and commands without arguments', () => {
    expect(refusal('grep', ' ')).toBe('accepted');
    expect(refusal('status')).toBe('accepted');
  });
});
