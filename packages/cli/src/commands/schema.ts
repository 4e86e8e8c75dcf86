import { CnError } from '@cn/core';
import { ROUTES, type RouteName } from '@cn/protocol';
import { deliver } from '../format/output.js';
import type { CommandHost } from '../run.js';

/** `cn hierarchy` is `cn impl`; the other commands are named as their routes. */
const ALIASES: Record<string, RouteName> = { hierarchy: 'impl' };

interface SchemaFlags {
  request?: boolean;
  output?: unknown;
}

export function registerSchema({ cli, run }: CommandHost): void {
  cli
    .command('schema <command>', "JSON Schema of a command's answer (--request: of its request), from the protocol")
    .option('--request', "The request's schema instead of the answer's")
    .option('-o, --output <file>', 'Write the schema to this file instead of stdout (exit 5 when it cannot be written)')
    .example('cn schema find')
    .example('cn schema impl --request')
    .example('cn schema overview -o overview.schema.json')
    .action((command: string, flags: SchemaFlags) =>
      run(async (context) => {
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
        return deliver(context, JSON.stringify(schema, null, 2), 0, flags.output);
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
