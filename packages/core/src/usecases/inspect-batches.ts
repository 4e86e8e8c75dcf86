import { badInput } from '../domain/errors.js';
import { MAX_REQUEST_BODY_BYTES, type InspectManyRequest, type InspectManyResponse, type InspectManyResult } from '../contract.js';
import { MAX_INSPECT_IDS, distinctIds, inspectBlockKey } from './inspect-code.js';

/**
 * `find --format ids | cn inspect -` may name more ids than one request body holds: the client
 * sends them in several requests, each under the daemon's body limit, and merges the answers into
 * the one a single request would give. A request that fits is sent as it is.
 */
export function inspectBatches(request: InspectManyRequest, maxBodyBytes = MAX_REQUEST_BODY_BYTES): InspectManyRequest[] {
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

/** `request` sent in as many requests as the body limit needs, one after another, answered as one. */
export async function inspectInBatches(
  request: InspectManyRequest,
  send: (batch: InspectManyRequest) => Promise<InspectManyResponse>,
): Promise<InspectManyResponse> {
  const answers: InspectManyResponse[] = [];
  for (const batch of inspectBatches(request)) answers.push(await send(batch));
  return answers.length === 1 ? answers[0] : mergeInspectAnswers(answers, request.limit);
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
  if (bytes > MAX_REQUEST_BODY_BYTES) {
    throw badInput(`the arguments are ${Math.ceil(bytes / 1024)} KB, more than the ${MAX_REQUEST_BODY_BYTES / 1024} KB one request to the daemon may be`, 'pass one symbol name, id or path');
  }
}

/** UTF-8 bytes of the JSON a client sends for this value. */
function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
