/** A JSON schema node, as zod writes them (draft 7). */
type Node = Record<string, unknown>;

/**
 * An answer schema in the form fast-json-stringify writes fastest: `anyOf: [X, { type: 'null' }]` (zod's `nullable()`
 * of an object or array) becomes `X` with `nullable: true`, which it handles with a null check. For the `anyOf` it
 * compiled an ajv validator of the whole branch to choose it on the first answer (find's definition, a candidate:
 * ~115 ms of a cold `cn find`). The same answers are written either way; other schemas are left as they are.
 */
export function serializableSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => serializableSchema(item)) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Node;
  const nullable = nullableBranch(node.anyOf);
  if (nullable) {
    const { anyOf: _union, ...rest } = node;
    return serializableSchema({ ...nullable, ...rest, nullable: true }) as T;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, serializableSchema(value)])) as T;
}

/** The non-null branch of `[X, { type: 'null' }]` (either order) when X is an object or an array. */
function nullableBranch(union: unknown): Node | undefined {
  if (!Array.isArray(union) || union.length !== 2) return undefined;
  const isNull = (branch: unknown) =>
    typeof branch === 'object' &&
    branch !== null &&
    Object.keys(branch).length === 1 &&
    (branch as Node).type === 'null';
  const [first, second] = union as unknown[];
  const other = isNull(first) ? second : isNull(second) ? first : undefined;
  if (typeof other !== 'object' || other === null) return undefined;
  const type = (other as Node).type;
  return type === 'object' || type === 'array' ? (other as Node) : undefined;
}
