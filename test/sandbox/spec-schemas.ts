// JSON Schemas written from shared/spec/ledger-service-interface.md section 2, independently of
// the sandbox's code, so the contract tests check the sandbox against the spec and not itself.
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const int32 = { type: 'integer', minimum: -2147483648, maximum: 2147483647 };
const int64 = { type: 'integer' };

export const transferLegSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'updateId',
    'effectiveAt',
    'instrumentAdmin',
    'instrumentId',
    'symbol',
    'decimals',
    'amount',
    'senderParty',
    'receiverParty',
    'counterparty',
    'isIncoming',
    'status',
  ],
  properties: {
    updateId: nullable('string'),
    effectiveAt: nullable('string'),
    instrumentAdmin: nullable('string'),
    instrumentId: nullable('string'),
    symbol: nullable('string'),
    decimals: { anyOf: [int32, { type: 'null' }] },
    amount: nullable('string'),
    senderParty: nullable('string'),
    receiverParty: nullable('string'),
    counterparty: nullable('string'),
    isIncoming: { type: 'boolean' },
    status: nullable('string'),
  },
};

export const transferListSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['party', 'transfers', 'count', 'hasNextPage', 'nextPageUrl'],
  properties: {
    party: nullable('string'),
    transfers: { anyOf: [{ type: 'array', items: transferLegSchema }, { type: 'null' }] },
    count: int32,
    hasNextPage: { type: 'boolean' },
    nextPageUrl: nullable('string'),
  },
};

export const errorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: { error: nullable('string') },
};

export const problemSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    type: nullable('string'),
    title: nullable('string'),
    status: { anyOf: [int32, { type: 'null' }] },
    detail: nullable('string'),
    instance: nullable('string'),
  },
};

export const quarantinedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['error', 'nodeId', 'status', 'network', 'detail'],
  properties: {
    error: nullable('string'),
    nodeId: nullable('string'),
    status: nullable('string'),
    network: nullable('string'),
    detail: nullable('string'),
  },
};

export const startupSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'status',
    'phase',
    'phaseNumber',
    'totalPhases',
    'startedAt',
    'elapsedSeconds',
    'error',
    'schemaVersion',
    'targetSchemaVersion',
    'bootstrapSource',
    'bootstrapVersion',
    'pendingMigrations',
    'lastMigrationDurationMs',
    'dataMigrations',
    'replay',
    'lifecycleIndexes',
  ],
  properties: {
    status: nullable('string'),
    phase: nullable('string'),
    phaseNumber: int32,
    totalPhases: int32,
    startedAt: nullable('string'),
    elapsedSeconds: int32,
    error: nullable('string'),
    schemaVersion: nullable('string'),
    targetSchemaVersion: nullable('string'),
    bootstrapSource: nullable('string'),
    bootstrapVersion: nullable('string'),
    pendingMigrations: int32,
    lastMigrationDurationMs: { anyOf: [int64, { type: 'null' }] },
    dataMigrations: { anyOf: [{ type: 'array' }, { type: 'null' }] },
    replay: {
      type: 'object',
      additionalProperties: false,
      required: ['nodes'],
      properties: {
        nodes: {
          anyOf: [
            {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['nodeId', 'currentOffset', 'targetOffset', 'status'],
                properties: {
                  nodeId: nullable('string'),
                  currentOffset: int64,
                  targetOffset: int64,
                  status: nullable('string'),
                },
              },
            },
            { type: 'null' },
          ],
        },
      },
    },
    lifecycleIndexes: {
      anyOf: [
        {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['nodeId', 'definitionFingerprint', 'ready', 'cursor', 'remainingSourceRows'],
            properties: {
              nodeId: nullable('string'),
              definitionFingerprint: nullable('string'),
              ready: { type: 'boolean' },
              cursor: int64,
              remainingSourceRows: int64,
            },
          },
        },
        { type: 'null' },
      ],
    },
  },
};
