import { CnError } from '@cn/core';
import { ROUTES, type RouteName } from '@cn/protocol';
import type { CommandHost } from '../run.js';

/** `cn hierarchy` is `cn impl`; the other commands are named as their routes. */
const ALIASES: Record<string, RouteName> = { hierarchy: 'impl' };

interface SchemaFlags {
  request?: boolean;
}

export function registerSchema({ cli, run }: CommandHost): void {
  cli
    .command('schema <command>', "JSON Schema of a command's answer (--request: of its request), from the protocol")
    .option('--request', "The request's schema instead of the answer's")
    .example('cn schema find')
    .example('cn schema impl --request')
    .action((command: string, flags: SchemaFlags) =>
      run(async () => {
        const name = routeNamed(command);
        // Loaded only here: zod and the schemas stay out of every other command's start-up.
        const { ROUTE_SCHEMAS, jsonSchemaOf } = await import('@cn/protocol/schemas');
        const schemas = ROUTE_SCHEMAS[name];
        if (flags.request && !schemas.request)
          throw new CnError('bad-input', `${command} takes no request body`, `cn schema ${command} gives its answer`);
        const schema =
          flags.request && schemas.request
            ? jsonSchemaOf(schemas.request, 'input')
            : jsonSchemaOf(schemas.response, 'output');
        return { output: JSON.stringify(schema, null, 2), exitCode: 0 };
      }),
    );
}

function routeNamed(command: string): RouteName {
  const name = ALIASES[command] ?? command;
  if (Object.hasOwn(ROUTES, name)) return name;
  throw new CnError(
    'bad-input',
    `no command '${command}' has a schema`,
    `use one of: ${Object.keys(ROUTES).join(', ')}`,
  );
}
