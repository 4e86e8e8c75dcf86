import { cac } from 'cac';
import { describe, expect, it } from 'vitest';
import { COMMANDS, REGISTRATION_OF, registrationsFor } from '../src/commands/index.js';

/** The command names a registration declares, as cac sees them. */
function namesOf(register: (typeof COMMANDS)[number]): string[] {
  const cli = cac('cn');
  register({ cli, run: () => undefined });
  return cli.commands.map((command) => command.name);
}

describe('command registrations', () => {
  it('name every command exactly as the registrations declare them, and nothing else', () => {
    const declared = COMMANDS.flatMap((register) => namesOf(register).map((name) => [name, register] as const));
    expect(Object.keys(REGISTRATION_OF).sort()).toEqual(declared.map(([name]) => name).sort());
    for (const [name, register] of declared) expect(REGISTRATION_OF[name], name).toBe(register);
  });

  it('a command line sets up its own command alone, and every command when it asks for help, a version or an unknown one', () => {
    expect(registrationsFor(['search', 'retry', '--format', 'compact'])).toEqual([REGISTRATION_OF.search]);
    expect(registrationsFor(['status'])).toEqual([REGISTRATION_OF.status]);
    for (const args of [
      [],
      ['--help'],
      ['find', '--help'],
      ['find', 'User', '-h'],
      ['--version'],
      ['-v'],
      ['fnd', 'User'],
      ['--root', '.', 'find', 'User'],
      ['constructor'],
      ['__proto__'],
    ])
      expect(registrationsFor(args), args.join(' ')).toBe(COMMANDS);
  });
});
