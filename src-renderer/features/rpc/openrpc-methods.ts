// The Ethereum JSON-RPC methods as the OpenRPC description in @metamask/api-specs (pinned) states
// them: names, parameter names and schemas. Drives the catalog and the params check. The JSON is
// imported directly (not the package index) so the bundle does not also carry the multichain document.
import openrpc from '@metamask/api-specs/dist/build/openrpc.json';

export type JsonSchema = {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
};

export interface DescribedParam {
  name: string;
  description?: string;
  required: boolean;
  schema: JsonSchema;
}

export interface DescribedMethod {
  name: string;
  summary: string;
  params: DescribedParam[];
  /** The first example's params, when the description has one: a template for methods we did not write one for. */
  example?: unknown[];
  /** A method of an Ethereum node (not of a wallet such as wallet_* or personal_sign). */
  node: boolean;
}

interface OpenRpcMethod {
  name: string;
  summary?: string;
  description?: string;
  params: DescribedParam[];
  examples?: { params: { value: unknown }[] }[];
  tags?: { name: string }[];
}

const document = openrpc as unknown as {
  methods: OpenRpcMethod[];
  components: { schemas: Record<string, JsonSchema> };
};

/**
 * Where the description is stricter than the nodes it describes, so a call every node answers is not
 * refused: geth, Erigon, Nethermind and Besu take "data" (the older name of "input") in a transaction,
 * a block tag in a log filter's fromBlock/toBlock, a blockHash filter (EIP-234), and null for "any
 * topic" at a position of a filter's topics.
 */
const SCHEMAS: Record<string, JsonSchema> = { ...document.components.schemas };
SCHEMAS.GenericTransaction = {
  ...SCHEMAS.GenericTransaction,
  properties: {
    ...SCHEMAS.GenericTransaction.properties,
    data: { title: 'input data', $ref: '#/components/schemas/bytes' },
  },
};
SCHEMAS.Filter = {
  ...SCHEMAS.Filter,
  properties: {
    ...SCHEMAS.Filter.properties,
    fromBlock: { title: 'from block', $ref: '#/components/schemas/BlockNumberOrTag' },
    toBlock: { title: 'to block', $ref: '#/components/schemas/BlockNumberOrTag' },
    blockHash: { title: 'block hash', $ref: '#/components/schemas/hash32' },
  },
};

SCHEMAS.FilterTopic = {
  ...SCHEMAS.FilterTopic,
  oneOf: [{ title: 'Any topic', type: 'null' }, ...(SCHEMAS.FilterTopic.oneOf ?? [])],
};

export const COMPONENT_SCHEMAS: Readonly<Record<string, JsonSchema>> = SCHEMAS;

const METHODS = new Map<string, DescribedMethod>(
  document.methods.map((m) => [
    m.name,
    {
      name: m.name,
      summary: m.summary ?? m.description ?? '',
      params: m.params ?? [],
      example: m.examples?.[0]?.params.map((p) => p.value),
      node: (m.tags ?? []).some((t) => t.name === 'Ethereum API') || m.name.startsWith('web3_'),
    },
  ]),
);

export function describedMethod(name: string): DescribedMethod | undefined {
  return METHODS.get(name.trim());
}

/** The node methods the description lists, in its order. */
export const DESCRIBED_NODE_METHODS: readonly DescribedMethod[] = [...METHODS.values()].filter((m) => m.node);
