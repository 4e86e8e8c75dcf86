import AjvCompiler from '@fastify/ajv-compiler';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * Fastify's own ajv validators, each compiled on its route's first request instead of at start: compiling every
 * route's request schema took ~66 ms of the daemon's one thread while the language server started beside it (a cold
 * `cn find` on rxjs), for routes most daemons never hear. Same ajv, same options, same errors: only when changes.
 */
export function lazyValidators(): ReturnType<typeof AjvCompiler> {
  const pool = AjvCompiler();
  return ((externalSchemas: unknown, options: unknown) => {
    const compile = (pool as (schemas: unknown, options: unknown) => (route: unknown) => Validate)(
      externalSchemas,
      options,
    );
    return (route: unknown) => {
      let validate: Validate | undefined;
      const lazy: Validate = (data) => {
        validate ??= compile(route);
        const valid = validate(data);
        lazy.errors = validate.errors;
        return valid;
      };
      return lazy;
    };
  }) as unknown as ReturnType<typeof AjvCompiler>;
}
