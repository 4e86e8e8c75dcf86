import { badInput } from '../domain/errors.js';
import { clip } from '../domain/ids.js';
import type { InspectManyRequest, InspectManyResponse, InspectManyResult } from '@cn/protocol';
import { MAX_REQUEST_BYTES } from '../http-limits.js';
import { checkMaxTokens } from '../output/budget.js';
import { fitInspectMany } from '../output/inspect-budget.js';
import { MAX_ID_LENGTH, MAX_INSPECT_IDS, distinctIds, inspectBlockKey } from './inspect-code.js';

/**
 * `find --format ids | cn inspect -` may name more ids than one request body holds: the client
 * sends them in several requests, each under the daemon's body limit, and merges the answers into
 * the one a single request would give. A request that fits is sent as it is.
 */
export function inspectBatches(request: InspectManyRequest, maxBodyBytes = MAX_REQUEST_BYTES): InspectManyRequest[] {
  if (jsonBytes(request) <= maxBodyBytes && request.ids.length <= MAX_INSPECT_IDS) return [request];
  // The limit applies to the merged blocks, so each batch asks for all of its own.
  const { limit: _limit, ...options } = request;
  const emptyBytes = jsonBytes({ ...options, ids: [] });
  const batches: InspectManyRequest[] = [];
  let ids: string[] = [];
  let bytes = emptyBytes;
  for (const id of distinctIds(request.ids)) {
    // JSON of an array is its items joined by commas: each id adds its own JSON and one comma.
    const added = jsonBytes(id) + (ids.length > 0 ? 1 : 0);
    if (ids.length > 0 && (bytes + added > maxBodyBytes || ids.length === MAX_INSPECT_IDS)) {
      batches.push({ ...options, ids });
      ids = [id];
      bytes = emptyBytes + jsonBytes(id);
    } else {
      ids.push(id);
      bytes += added;
    }
  }
  if (ids.length > 0) batches.push({ ...options, ids });
  return batches;
}

/**
 * `request` sent in as many requests as the body limit needs, one after another, answered as one.
 * A stdin line naming no place is passed on whole; one over the daemon's id cap would fail its whole
 * request, so it is reported here as its own failure, in its place among the others.
 */
export async function inspectInBatches(
  request: InspectManyRequest,
  send: (batch: InspectManyRequest) => Promise<InspectManyResponse>,
): Promise<InspectManyResponse> {
  // The budget is the whole answer's, so it is applied once, to the merged blocks.
  const { maxTokens: given, ...unbudgeted } = request;
  const maxTokens = checkMaxTokens(given);
  const merged = await sendInBatches(unbudgeted, send);
  return maxTokens === undefined ? merged : fitInspectMany(merged, maxTokens);
}

async function sendInBatches(
  request: InspectManyRequest,
  send: (batch: InspectManyRequest) => Promise<InspectManyResponse>,
): Promise<InspectManyResponse> {
  const isTooLong = (id: string) => id.trim().length > MAX_ID_LENGTH;
  const ids = request.ids.filter((id) => !isTooLong(id));
  const answers: InspectManyResponse[] = [];
  if (ids.length > 0) for (const batch of inspectBatches({ ...request, ids })) answers.push(await send(batch));
  if (ids.length === request.ids.length && answers.length === 1) return answers[0];
  const merged = mergeInspectAnswers(answers, request.limit);
  const tooLong = distinctIds(request.ids).filter(isTooLong);
  if (tooLong.length === 0) return merged;
  const position = new Map(distinctIds(request.ids).map((id, index) => [id, index]));
  const failures = [
    ...merged.failures,
    ...tooLong.map((id) => ({ id, kind: 'bad-input', message: `id is longer than ${MAX_ID_LENGTH} characters` })),
  ]
    .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
    .map((failure) => (isTooLong(failure.id) ? { ...failure, id: clip(failure.id) } : failure));
  return { ...merged, failures };
}

/** The answers to `inspectBatches`' requests, in order, as one answer: blocks named by several batches appear once. */
export function mergeInspectAnswers(answers: InspectManyResponse[], limit?: number): InspectManyResponse {
  const blocks = new Map<string, InspectManyResult>();
  const failures: InspectManyResponse['failures'] = [];
  for (const answer of answers) {
    failures.push(...answer.failures);
    for (const result of answer.results) {
      const key = inspectBlockKey(result);
      const block = blocks.get(key);
      if (block) block.ids.push(...result.ids);
      else blocks.set(key, { ...result, ids: [...result.ids] });
    }
  }
  const all = [...blocks.values()];
  const results = limit === undefined ? all : all.slice(0, limit);
  return { results, failures, total: all.length, ...(results.length < all.length ? { truncated: true as const } : {}) };
}

/**
 * Refuses, before sending, a body the daemon would refuse: it answers 413 and closes while a large
 * body is still being written, which a client reports as EPIPE rather than the reason.
 */
export function checkRequestBodySize(body: unknown): void {
  const bytes = jsonBytes(body ?? null);
  if (bytes > MAX_REQUEST_BYTES) {
    throw badInput(
      `the arguments are ${Math.ceil(bytes / 1024)} KB, more than the ${MAX_REQUEST_BYTES / 1024} KB one request to the daemon may be`,
      'pass fewer or shorter arguments',
    );
  }
}

/** UTF-8 bytes of the JSON a client sends for this value. */
function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
