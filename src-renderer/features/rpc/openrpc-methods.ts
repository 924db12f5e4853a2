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

// Where the package is stricter than the Ethereum execution-apis specification, the reference
// (github.com/ethereum/execution-apis, src/ at 033ca6e6; docs/service-decisions.md, "Params checked against the method"). Each
// correction has a test that fails without it (param-check.test.ts), and every valid request of the
// specification's own test suite passes the check (test/fixtures/execution-apis-requests.json).
/** uint256: the package's pattern `^0x([1-9a-f]+[0-9a-f]{0,31})|0$` groups wrongly (it takes "0x1g…", refuses 33+ digits). */
SCHEMAS.uint256 = { ...SCHEMAS.uint256, pattern: '^0x(0|[1-9a-f][0-9a-f]{0,63})$' };
/** EIP-7702's authorization list (transaction.yaml, AuthorizationList). */
SCHEMAS.AuthorizationList = {
  title: 'Authorization List',
  type: 'array',
  items: {
    type: 'object',
    properties: {
      chainId: { title: 'chainId', $ref: '#/components/schemas/uint' },
      nonce: { title: 'nonce', $ref: '#/components/schemas/uint' },
      address: { $ref: '#/components/schemas/address' },
      yParity: { title: 'yParity', $ref: '#/components/schemas/byte' },
      r: { title: 'r', $ref: '#/components/schemas/uint256' },
      s: { title: 's', $ref: '#/components/schemas/uint256' },
    },
    required: ['chainId', 'nonce', 'address', 'yParity', 'r', 's'],
  },
};
SCHEMAS.GenericTransaction = {
  ...SCHEMAS.GenericTransaction,
  properties: {
    ...SCHEMAS.GenericTransaction.properties,
    commitments: { title: 'blob commitments', type: 'array', items: { $ref: '#/components/schemas/bytes' } },
    proofs: { title: 'blob proofs', type: 'array', items: { $ref: '#/components/schemas/bytes' } },
    authorizationList: { title: 'authorizationList', $ref: '#/components/schemas/AuthorizationList' },
  },
};

export const COMPONENT_SCHEMAS: Readonly<Record<string, JsonSchema>> = SCHEMAS;

/** The block parameter the specification makes optional ("default: 'latest'") and the package requires. */
const OPTIONAL_BLOCK = new Set([
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getStorageAt',
  'eth_getProof',
]);

function corrected(m: OpenRpcMethod): DescribedParam[] {
  return (m.params ?? []).map((p) => {
    if (OPTIONAL_BLOCK.has(m.name) && p.name === 'Block')
      return { ...p, required: false, description: "default: 'latest'" };
    // A storage slot written with leading zeros ("0x01", 32 bytes) is legal (state.yaml: bytesMax32).
    if (m.name === 'eth_getStorageAt' && p.name === 'Storage slot') {
      return { ...p, schema: { $ref: '#/components/schemas/bytesMax32' } };
    }
    return p;
  });
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** Node methods of the specification the package lacks (execute.yaml, block.yaml, fee_market.yaml, client.yaml). */
const ADDED: DescribedMethod[] = [
  {
    name: 'eth_createAccessList',
    summary: 'Generates an access list for a transaction.',
    params: [
      { name: 'Transaction', required: true, schema: ref('GenericTransaction') },
      { name: 'Block', required: false, schema: ref('BlockNumberOrTag') },
    ],
    example: [{ from: '0x0000000000000000000000000000000000000000', to: null, input: '0x' }, 'latest'],
    node: true,
  },
  {
    name: 'eth_getBlockReceipts',
    summary: 'Returns the receipts of a block by number or hash.',
    params: [{ name: 'Block', required: true, schema: ref('BlockNumberOrTagOrHash') }],
    example: ['latest'],
    node: true,
  },
  {
    name: 'eth_blobBaseFee',
    summary: 'Returns the base fee per blob gas in wei.',
    params: [],
    example: [],
    node: true,
  },
  {
    name: 'eth_maxPriorityFeePerGas',
    summary: 'Returns the current maxPriorityFeePerGas per gas in wei.',
    params: [],
    example: [],
    node: true,
  },
  {
    name: 'net_version',
    summary:
      'Returns the current network ID. This is usually equivalent to the chainID, but may differ from it for some legacy networks or special testnets.',
    params: [],
    example: [],
    node: true,
  },
];

const METHODS = new Map<string, DescribedMethod>([
  ...document.methods.map((m): [string, DescribedMethod] => [
    m.name,
    {
      name: m.name,
      summary: m.summary ?? m.description ?? '',
      params: corrected(m),
      example: m.examples?.[0]?.params.map((p) => p.value),
      node: (m.tags ?? []).some((t) => t.name === 'Ethereum API') || m.name.startsWith('web3_'),
    },
  ]),
  ...ADDED.filter((m) => !document.methods.some((d) => d.name === m.name)).map((m): [string, DescribedMethod] => [
    m.name,
    m,
  ]),
]);

export function describedMethod(name: string): DescribedMethod | undefined {
  return METHODS.get(name.trim());
}

/** The node methods the description lists, in its order. */
export const DESCRIBED_NODE_METHODS: readonly DescribedMethod[] = [...METHODS.values()].filter((m) => m.node);
