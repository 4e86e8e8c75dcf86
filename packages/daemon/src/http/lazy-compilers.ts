import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type Serialize = (data: unknown) => string;

/**
 * Fastify's own compilers, each route's validator and answer serializer compiled on its first use instead of at
 * start: compiling every route's schemas took ~90 ms of the daemon's one thread while the language server started
 * beside it (a cold `cn find` on rxjs), for routes most daemons never hear and error answers most never send. Same
 * ajv and fast-json-stringify, same options, same errors: only when changes.
 */
export function lazyCompilers(): {
  buildValidator: ReturnType<typeof AjvCompiler>;
  buildSerializer: SerializerFactory;
} {
  return { buildValidator: lazyValidators(), buildSerializer: lazySerializers() };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

function lazyValidators(): ReturnType<typeof AjvCompiler> {
  const pool = AjvCompiler() as unknown as (schemas: unknown, options: unknown) => (route: unknown) => Validate;
  return ((externalSchemas: unknown, options: unknown) => {
    const compile = pool(externalSchemas, options);
    return (route: unknown) => {
      let validate: Validate | undefined;
      // ajv's convention, which Fastify reads: the errors of the last call are a property of the function.
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

function lazySerializers(): SerializerFactory {
  const pool = SerializerSelector() as unknown as (schemas: unknown, options: unknown) => (route: unknown) => Serialize;
  return (externalSchemas: unknown, options: unknown) => {
    const compile = pool(externalSchemas, options);
    return (route: unknown) => {
      let serialize: Serialize | undefined;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
  };
}
