// The RPC console's workspace: environments (named sets of {{variables}}, bound to profiles) and
// collections (named folders of requests kept as written, variables and all). Variables are not
// secrets: main refuses a value equal to a saved secret and never substitutes the key itself.
import { z } from 'zod';
import { NodeType } from './rpc.ts';
import { PROFILE_ID } from './schemas.ts';

export const VARIABLE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
export const MAX_VARIABLES = 100;
export const MAX_VARIABLE_VALUE_CHARS = 4096;
export const MAX_ENVIRONMENTS = 30;
export const MAX_COLLECTIONS = 50;
export const MAX_COLLECTION_REQUESTS = 200;
/** A request's params or batch text as saved: the console sends at most 1 MB, a saved one keeps 256 KiB. */
export const MAX_REQUEST_TEXT_CHARS = 256 * 1024;
/** An import file: a Postman export carries much that is skipped. */
export const MAX_IMPORT_CHARS = 5 * 1024 * 1024;
export const COLLECTION_FORMAT = 'ledger-explorer/rpc-collection';
export const COLLECTION_VERSION = 1;

export const WorkspaceId = z.string().regex(/^[a-f0-9]{16}$/, 'workspace id');
export const VariableName = z.string().regex(VARIABLE_NAME, 'a variable name is 1-64 letters, digits, "_", "." or "-"');

export const Variable = z.strictObject({
  name: VariableName,
  value: z.string().max(MAX_VARIABLE_VALUE_CHARS, `a value is at most ${MAX_VARIABLE_VALUE_CHARS} characters`),
});
export type Variable = z.output<typeof Variable>;

export const EnvironmentInput = z.strictObject({
  /** null: a new environment. */
  id: WorkspaceId.nullable(),
  name: z.string().trim().min(1, 'give the environment a name').max(40, 'at most 40 characters'),
  /** The profiles it applies to; empty: every profile. */
  profileIds: z.array(PROFILE_ID).max(20, 'at most 20 profiles'),
  variables: z
    .array(Variable)
    .max(MAX_VARIABLES, `at most ${MAX_VARIABLES} variables`)
    .superRefine((vars, ctx) => {
      const seen = new Set<string>();
      for (const [index, { name }] of vars.entries()) {
        if (seen.has(name))
          ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `"${name}" is defined twice` });
        seen.add(name);
      }
    }),
});
export type EnvironmentInput = z.input<typeof EnvironmentInput>;

export interface RpcEnvironment {
  id: string;
  name: string;
  profileIds: string[];
  variables: Variable[];
}

/** A chain as written in the console: a chain name, or one made of {{variables}} and name characters. */
export const ChainTemplate = z
  .string()
  .trim()
  .min(1, 'enter a chain name')
  .max(120, 'at most 120 characters')
  .regex(/^(?:[A-Za-z0-9._-]|\{\{\s*[A-Za-z0-9_.-]+\s*\}\})+$/, 'a chain name or {{variable}}');

const RequestName = z.string().trim().min(1, 'give the request a name').max(80, 'at most 80 characters');
const CollectionName = z.string().trim().min(1, 'give the collection a name').max(80, 'at most 80 characters');

export const CollectionRequestInput = z.strictObject({
  name: RequestName,
  chain: ChainTemplate,
  nodeType: NodeType,
  /** The method of a single call; null: `text` is a batch. */
  method: z.string().trim().min(1, 'enter a method').max(200, 'at most 200 characters').nullable(),
  /** The params (a call) or the batch, as written: {{variables}} are kept and resolved when sent. */
  text: z.string().max(MAX_REQUEST_TEXT_CHARS, `at most ${MAX_REQUEST_TEXT_CHARS} characters`),
});
export type CollectionRequestInput = z.input<typeof CollectionRequestInput>;

export interface CollectionRequest extends z.output<typeof CollectionRequestInput> {
  id: string;
  savedAt: string;
}

export interface RpcCollection {
  id: string;
  name: string;
  requests: CollectionRequest[];
}

export interface CollectionsView {
  collections: RpcCollection[];
  /** Set when the workspace file could not be used (kept aside) or not written. */
  problem: string | null;
}

export interface EnvironmentsView {
  environments: RpcEnvironment[];
  problem: string | null;
}

const inCollection = { collectionId: WorkspaceId };
const onRequest = { collectionId: WorkspaceId, requestId: WorkspaceId };

export const CollectionEdit = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('create'), name: CollectionName }),
  z.strictObject({ op: z.literal('rename'), ...inCollection, name: CollectionName }),
  z.strictObject({ op: z.literal('delete'), ...inCollection }),
  /** A request saved under a name the collection has is replaced. */
  z.strictObject({ op: z.literal('addRequest'), ...inCollection, request: CollectionRequestInput }),
  z.strictObject({ op: z.literal('renameRequest'), ...onRequest, name: RequestName }),
  z.strictObject({ op: z.literal('duplicateRequest'), ...onRequest }),
  z.strictObject({ op: z.literal('deleteRequest'), ...onRequest }),
  z.strictObject({ op: z.literal('moveRequest'), ...onRequest, by: z.union([z.literal(-1), z.literal(1)]) }),
]);
export type CollectionEdit = z.input<typeof CollectionEdit>;

export const CollectionImport = z.strictObject({
  fileName: z.string().max(255, 'at most 255 characters'),
  text: z.string().max(MAX_IMPORT_CHARS, `an import file is at most ${MAX_IMPORT_CHARS / 1024 / 1024} MB`),
});
export type CollectionImport = z.input<typeof CollectionImport>;

export interface CollectionImportResult {
  view: CollectionsView;
  collectionId: string;
  /** What happened, for the user: "Imported 3 requests into …; 2 Postman items skipped (not JSON-RPC)". */
  message: string;
}

export interface CollectionExport {
  fileName: string;
  /** The collection as JSON (format COLLECTION_FORMAT), every secret of every profile taken out. */
  text: string;
}
