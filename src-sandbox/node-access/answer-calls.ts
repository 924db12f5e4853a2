// Answers a parsed JSON-RPC body for one node: malformed calls and pruned-state queries are answered
// here, everything else goes to the EVM node unchanged, and a batch comes back in the caller's order.
import { checkCall, errorReply, INVALID_REQUEST, type JsonRpcCall } from './json-rpc-messages.ts';
import type { NodeType } from './node-address.ts';
import { NodeUnavailableError, postToNode } from './node-json-rpc.ts';
import { refusePrunedState, withBlockHashObject } from './pruned-state.ts';

export async function answerCalls(body: unknown, url: string, nodeType: NodeType): Promise<unknown> {
  const isBatch = Array.isArray(body);
  const items: unknown[] = isBatch ? body : [body];
  if (isBatch && items.length === 0) return errorReply(null, INVALID_REQUEST, 'Invalid Request: empty batch');

  const answers: unknown[] = new Array(items.length);
  const calls: Array<{ position: number; call: JsonRpcCall }> = [];
  items.forEach((item, position) => {
    const checked = checkCall(item);
    if ('reply' in checked) answers[position] = checked.reply;
    else calls.push({ position, call: checked.call });
  });

  if (nodeType === 'full') {
    const refusals = await refusePrunedState(
      url,
      calls.map((c) => c.call),
    );
    for (const [index, reply] of refusals) answers[calls[index].position] = reply;
  }

  const toNode = calls.filter((c) => answers[c.position] === undefined);
  if (toNode.length > 0) {
    const forwarded = toNode.map((c) => withBlockHashObject(c.call));
    const nodeAnswer = await postToNode(url, isBatch ? forwarded : forwarded[0]);
    const nodeAnswers = isBatch ? nodeAnswer : [nodeAnswer];
    if (!Array.isArray(nodeAnswers) || nodeAnswers.length !== toNode.length) {
      throw new NodeUnavailableError(`the EVM node at ${url} answered a batch of ${toNode.length} with something else`);
    }
    // The node answers a batch in the order it was sent, so answers are placed by position.
    toNode.forEach((c, index) => {
      answers[c.position] = nodeAnswers[index];
    });
  }
  return isBatch ? answers : answers[0];
}
