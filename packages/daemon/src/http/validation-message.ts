import { escapeControls } from '@cn/core';

/** What Fastify's validator (ajv) says about one part of a request that does not match its schema. */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const MAX_QUOTED_CHARS = 40;

/**
 * A request the schema refused, as one line: the field as the request and the MCP tools name it (`direction`, not
 * `body/direction`), an enum's allowed values, the value that was given. Fastify's own line joined every ajv
 * message, an anyOf's branches included ("body/expand must be equal to one of the allowed values, body must have
 * required property 'ids', body must match a schema in anyOf"); the first issue of a field is the one to fix.
 */
export function validationMessage(issues: readonly SchemaIssue[], body: unknown): string {
  const issue = issues.find((each) => each.keyword !== 'anyOf' && each.keyword !== 'oneOf') ?? issues[0];
  if (!issue) return 'bad request';
  const path = issue.instancePath.split('/').filter(Boolean);
  const field = path.length > 0 ? path.join('.') : 'the request';
  const params = issue.params ?? {};
  if (issue.keyword === 'required') return `bad request: ${quoted(params.missingProperty)} is required`;
  if (issue.keyword === 'additionalProperties')
    return `bad request: ${field === 'the request' ? '' : `${field} has `}no field ${quoted(params.additionalProperty)}`;
  if (issue.keyword === 'enum' && Array.isArray(params.allowedValues))
    return `bad request: ${field} must be one of ${params.allowedValues.join(', ')}, not ${quoted(valueAt(body, path))}`;
  return `bad request: ${field} ${issue.message ?? 'is not valid'}`;
}

function valueAt(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const part of path)
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/** A value from the request, quoted and cut: it is outside text, printed on a terminal by the CLI. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return `'${escapeControls(text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text)}'`;
}
