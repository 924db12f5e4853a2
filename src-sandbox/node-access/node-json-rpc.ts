// JSON-RPC over HTTP to one local EVM node: how the sandbox seeds history, looks up blocks and
// forwards callers' requests. The nodes are on loopback, so a slow answer means a stuck node.
const NODE_TIMEOUT_MS = 30_000;

/** The node could not be reached or did not answer with JSON: the router turns this into a 502. */
export class NodeUnavailableError extends Error {}

/** Posts a JSON-RPC request or batch and returns the node's parsed answer, whatever it says. */
export async function postToNode(url: string, body: unknown): Promise<unknown> {
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(NODE_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw new NodeUnavailableError(`the EVM node at ${url} did not answer (${(error as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new NodeUnavailableError(`the EVM node at ${url} answered something that is not JSON`);
  }
}

/** One call that must succeed, for the sandbox's own use: a JSON-RPC error here is a bug, so it throws. */
export async function callNode(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const answer = (await postToNode(url, { jsonrpc: '2.0', id: 1, method, params })) as {
    result?: unknown;
    error?: { message?: string };
  };
  if (answer.error) throw new Error(`${method} failed on ${url}: ${answer.error.message ?? 'no message'}`);
  return answer.result;
}

/**
 * Several calls that must all succeed, as one JSON-RPC batch: one HTTP round trip. The EVM node answers a batch
 * one call after the other, in order, so this is callNode for each, in order, without the round trips.
 */
export async function callNodeInOrder(url: string, calls: Array<{ method: string; params: unknown[] }>): Promise<void> {
  const body = calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }));
  const answers = (await postToNode(url, body)) as Array<{ id?: number; error?: { message?: string } }>;
  if (!Array.isArray(answers)) throw new Error(`a batch of ${calls.length} on ${url} was not answered with a batch`);
  const failed = answers.find((a) => a.error);
  if (failed) {
    const method = calls[failed.id ?? -1]?.method ?? 'a call';
    throw new Error(`${method} failed on ${url}: ${failed.error?.message ?? 'no message'}`);
  }
}
