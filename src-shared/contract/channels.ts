// The one contract between renderer, preload and main: every channel `domain:verb`, its
// argument schema (a tuple) and its result type. The preload's API type is derived from it,
// so renderer calls, preload forwarding and main handlers cannot drift apart. The names alone
// live in channel-names.ts (zod-free, for the preload); `satisfies` below keeps the two in step.
import { z } from 'zod';
import { AbiDeleteInput, type AbiLibraryEntry, type AbiLibraryView, AbiSaveInput } from './abi-library.ts';
import { ADDRESS_BOOK_CSV_MAX, type AddressBookExported, type AddressBookImported } from './address-book.ts';
import { type AggregatesCheck, AggregatesRequest } from './aggregates.ts';
import type { CaseReportRequest, CaseReportSaved } from './case-report.ts';
import type { CHANNEL_NAMES, ChannelId, ChannelName } from './channel-names.ts';
import { type ChartFileSaved, SaveChartRequest } from './chart-file.ts';
import type { DashboardReportRequest, DashboardReportSaved } from './dashboard-report.ts';
import type { BridgeErrorShape } from './errors.ts';
import { type LakeInfo, OpenLakeRequest } from './lake.ts';
import {
  AnalyticsQuery,
  type CounterpartyRanking,
  type Flows,
  FlowsQuery,
  ForgetRequest,
  LocalExportRequest,
  type LocalExportResult,
  type LocalFacets,
  type LocalLegsPage,
  LocalLegsQuery,
  type LocalPartyStatus,
  type LocalStoreInfo,
  type Relationship,
  RelationshipQuery,
  SqlQuery,
  type SqlResult,
  SyncJobId,
  SyncRequest,
  type SyncStatus,
} from './local-ledger.ts';
import type { NodeComparison } from './node-compare.ts';
import {
  type NotebookChanges,
  NotebookCreate,
  type NotebookDashboardFile,
  NotebookDashboardSave,
  type NotebookFile,
  NotebookFileRef,
  type NotebookListing,
  NotebookOpenFolder,
  NotebookRename,
  NotebookSave,
  type NotebookSaved,
} from './notebook.ts';
import { type Portfolio, PortfolioDelete, PortfolioSave, SqlScope } from './party-scope.ts';
import {
  type ReconcileExported,
  type ReconcileMappingAnswer,
  ReconcileMappingQuery,
  ReconcileRequest,
  type ReconcileResult,
} from './reconcile.ts';
import {
  RpcCallRequest,
  type RpcCallResult,
  type RpcCurl,
  RpcCurlRequest,
  type RpcEndpoint,
  RpcEntryId,
  RpcHistoryQuery,
  type RpcHistoryView,
  type RpcTokenInfo,
  RpcTokenRequest,
  type SavedRequest,
  SavedRequestInput,
} from './rpc.ts';
import { type RpcSnippet, RpcSnippetRequest } from './rpc-snippet.ts';
import {
  CollectionEdit,
  type CollectionExport,
  CollectionImport,
  type CollectionImportResult,
  type CollectionsView,
  EnvironmentInput,
  type EnvironmentsView,
  WorkspaceId,
} from './rpc-workspace.ts';
import {
  type AppInfo,
  type ChainListing,
  type DownloadOffer,
  PROFILE_ID,
  PreferencesPatch,
  type Profile,
  ProfileInput,
  type Revealed,
  RevealTarget,
  SavedPartyInput,
  SecretKind,
  type SecretStatus,
  SecretValue,
  type SettingsView,
  WrittenPath,
} from './schemas.ts';
import type { ShellEvent } from './shell-events.ts';
import { SyncAllRequest, type SyncAllStatus } from './sync-all.ts';
import {
  ExportRequest,
  type ExportStatus,
  type KnownParties,
  type NodeChoices,
  PartyId,
  RequestId,
  type TokenInfo,
  TransferFilters,
  type TransferPage,
  TransferPageRequest,
} from './transfers.ts';
import type { RecordedView } from './view-target.ts';
import type { RecentView } from './views.ts';

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const ExportJobId = z.string().regex(/^[a-f0-9]{16}$/, 'export job id');

export interface ChannelSpec<A extends z.ZodTuple = z.ZodTuple, R = unknown> {
  args: A;
  /** Phantom: carries the result type only. */
  readonly result?: R;
}

const channel =
  <R>() =>
  <A extends z.ZodTuple>(args: A): ChannelSpec<A, R> => ({ args });

/** The shape CHANNEL_NAMES asks for: one spec per named verb, no more, no fewer. */
type SpecsForNames = { [D in keyof typeof CHANNEL_NAMES]: { [V in (typeof CHANNEL_NAMES)[D][number]]: ChannelSpec } };

const none = z.tuple([]);
const profileId = z.tuple([PROFILE_ID]);

export const contract = {
  app: {
    info: channel<AppInfo>()(none),
    /** Abandons a request started with this id (true if it was still running). */
    cancel: channel<boolean>()(z.tuple([RequestId])),
    /** The next link or menu command from the shell; null after ~25 s with none (ask again). docs/links.md */
    nextEvent: channel<ShellEvent | null>()(none),
    /** Shows the settings or logs folder in the OS file manager; the browser version only answers the path. docs/desktop.md */
    reveal: channel<Revealed>()(z.tuple([RevealTarget])),
    /**
     * The browser version: a one-time download address for a file main wrote this session, named by
     * the path main answered when it wrote it (only a key into main's list: docs/security.md,
     * "Downloads in the browser version"). The desktop app answers `unsupported`.
     */
    download: channel<DownloadOffer>()(z.tuple([WrittenPath])),
  },
  settings: {
    get: channel<SettingsView>()(none),
    saveProfile: channel<{ profile: Profile; secretsCleared: boolean }>()(z.tuple([ProfileInput])),
    deleteProfile: channel<SettingsView>()(z.tuple([PROFILE_ID])),
    setActiveProfile: channel<SettingsView>()(z.tuple([PROFILE_ID])),
    savePreferences: channel<SettingsView>()(z.tuple([PreferencesPatch])),
    saveParty: channel<SettingsView>()(z.tuple([SavedPartyInput])),
    removeParty: channel<SettingsView>()(z.tuple([z.string().max(512)])),
    /** The address book from CSV text: good rows saved, bad rows answered by line. docs/address-book.md */
    importParties: channel<AddressBookImported>()(
      z.tuple([z.string().max(ADDRESS_BOOK_CSV_MAX, 'the file is over 2 MB')]),
    ),
    /** Asks where to save, writes the address book as CSV; null: cancelled. */
    exportParties: channel<AddressBookExported | null>()(none),
  },
  secrets: {
    status: channel<Record<SecretKind, SecretStatus>>()(z.tuple([PROFILE_ID])),
    set: channel<Record<SecretKind, SecretStatus>>()(z.tuple([PROFILE_ID, SecretKind, SecretValue])),
    clear: channel<Record<SecretKind, SecretStatus>>()(z.tuple([PROFILE_ID, SecretKind])),
    /** A built-in sandbox credential, shown on request; refused for any secret the user saved. */
    sandboxCredential: channel<string>()(z.tuple([PROFILE_ID, SecretKind])),
  },
  chains: {
    list: channel<ChainListing>()(profileId),
  },
  transfers: {
    /** One page of a party's transfer legs; abandon it with app:cancel(requestId). */
    page: channel<TransferPage>()(z.tuple([TransferPageRequest])),
    /** What the profile's ledger JWT says (decoded locally, not verified): parties, expiry. */
    tokenInfo: channel<TokenInfo>()(profileId),
    /** Validator nodes to offer in the node selector. */
    nodes: channel<NodeChoices>()(profileId),
    /** Parties to offer by name (the sandbox's own; none for a remote profile). */
    knownParties: channel<KnownParties>()(profileId),
    /** The filters on every validator node the profile knows (docs/node-comparison.md). Abandon with app:cancel. */
    compareNodes: channel<NodeComparison>()(
      z.tuple([z.strictObject({ requestId: RequestId, profileId: PROFILE_ID, filters: TransferFilters })]),
    ),
  },
  export: {
    /** Asks where to save, then streams every page for the filters to that file. null: the user cancelled. */
    start: channel<ExportStatus | null>()(z.tuple([ExportRequest])),
    status: channel<ExportStatus>()(z.tuple([ExportJobId])),
    cancel: channel<ExportStatus>()(z.tuple([ExportJobId])),
  },
  rpc: {
    /** Where the profile's node-access calls go and how the key travels (never the key). */
    endpoint: channel<RpcEndpoint>()(profileId),
    /** One JSON-RPC call or batch; recorded in the history. Abandon it with app:cancel(requestId). */
    call: channel<RpcCallResult>()(z.tuple([RpcCallRequest])),
    history: channel<RpcHistoryView>()(z.tuple([RpcHistoryQuery])),
    clearHistory: channel<RpcHistoryView>()(none),
    saveRequest: channel<SavedRequest[]>()(z.tuple([SavedRequestInput])),
    savedRequests: channel<SavedRequest[]>()(none),
    deleteSaved: channel<SavedRequest[]>()(z.tuple([RpcEntryId])),
    /** A curl command for the request; the key is `$LEDGER_API_KEY` unless `withKey` is true. */
    curl: channel<RpcCurl>()(z.tuple([RpcCurlRequest])),
    /** The request as code (curl, fetch, viem, ethers, cast, Python); the key only as $LEDGER_API_KEY. */
    snippet: channel<RpcSnippet>()(z.tuple([RpcSnippetRequest])),
    /** A token's decimals() and symbol() by eth_call (not recorded in the history: the app asked, not the user). */
    token: channel<RpcTokenInfo>()(z.tuple([RpcTokenRequest])),
  },
  abi: {
    /** The profile's ABI library: built-ins, the sandbox's contracts (sandbox profile), then saved ones. */
    list: channel<AbiLibraryView>()(profileId),
    /** Saves a pasted ABI under a name (the same name replaces it); a malformed ABI is refused, nothing saved. */
    save: channel<AbiLibraryEntry>()(z.tuple([AbiSaveInput])),
    /** Deletes a saved ABI; a built-in one is refused. Answers the library as it is now. */
    delete: channel<AbiLibraryView>()(z.tuple([AbiDeleteInput])),
  },
  views: {
    /** The last 50 views opened, newest first (docs/links.md). */
    recent: channel<RecentView[]>()(none),
    /**
     * Checks a view's ledger-explorer:// link as strictly as one from outside, puts it first in the recent
     * views and answers it; refused if it holds a saved secret. (A link, not the view: the view's schema
     * stays out of main's start-up bundle.)
     */
    record: channel<RecordedView>()(z.tuple([z.string().max(65536)])),
  },
  report: {
    /**
     * Asks where to save, then writes the case report (HTML, or PDF in the desktop app). null: cancelled.
     * Its fields are checked in full (CaseReportRequest) by the report's code, loaded on first use, so
     * the schema of 10,000 legs and a node comparison stays out of main's start-up bundle.
     */
    save: channel<CaseReportSaved | null>()(z.tuple([z.custom<CaseReportRequest>(isPlainObject, 'expected object')])),
    /** Asks where to save, then writes a dashboard as a case report (HTML). null: cancelled. Checked in full by the report's code. */
    dashboard: channel<DashboardReportSaved | null>()(
      z.tuple([z.custom<DashboardReportRequest>(isPlainObject, 'expected object')]),
    ),
  },
  workspace: {
    /** The console's environments: named sets of {{variables}}, bound to profiles. Not for secrets. */
    environments: channel<EnvironmentsView>()(none),
    /** Saves one (id null: a new one); a value equal to a saved secret is refused. */
    saveEnvironment: channel<EnvironmentsView>()(z.tuple([EnvironmentInput])),
    deleteEnvironment: channel<EnvironmentsView>()(z.tuple([WorkspaceId])),
    /** Collections of requests as written ({{variables}} kept); the old saved requests are "Saved requests". */
    collections: channel<CollectionsView>()(none),
    /** One change: create, rename or delete a collection; add, rename, duplicate, delete or move a request. */
    editCollection: channel<CollectionsView>()(z.tuple([CollectionEdit])),
    /** The collection as JSON text (every secret taken out); the renderer saves it as a file. */
    exportCollection: channel<CollectionExport>()(z.tuple([z.strictObject({ collectionId: WorkspaceId })])),
    /** A collection file's text (ours or a Postman v2.1 collection), validated here, as a new collection. */
    importCollection: channel<CollectionImportResult>()(z.tuple([CollectionImport])),
  },
  local: {
    /** Every profile's local store: parties, legs, size on disk, last sync (Settings lists them). */
    stores: channel<LocalStoreInfo[]>()(none),
    /** What the store holds for a party, and the sync running for it (the provenance line). */
    status: channel<LocalPartyStatus>()(z.tuple([PROFILE_ID, PartyId])),
    /** Starts (or resumes) syncing a party into the profile's store; answers at once with the job. */
    sync: channel<SyncStatus>()(z.tuple([SyncRequest])),
    syncStatus: channel<SyncStatus>()(z.tuple([SyncJobId])),
    cancelSync: channel<SyncStatus>()(z.tuple([SyncJobId])),
    /** A window of the local transfers table: filters and sort over every stored leg. Abandon with app:cancel. */
    legs: channel<LocalLegsPage>()(z.tuple([LocalLegsQuery])),
    /** The instruments and statuses of the party's legs (or of the scope's parties), with counts. */
    facets: channel<LocalFacets>()(z.tuple([PROFILE_ID, PartyId, SqlScope.optional()])),
    counterparties: channel<CounterpartyRanking>()(z.tuple([AnalyticsQuery])),
    relationship: channel<Relationship>()(z.tuple([RelationshipQuery])),
    flows: channel<Flows>()(z.tuple([FlowsQuery])),
    /** A read-only SQL query over the `legs` view (docs/local-ledger.md). Abandon with app:cancel. */
    sql: channel<SqlResult>()(z.tuple([SqlQuery])),
    /** Asks where to save, then writes the view or query. null: the user cancelled. */
    export: channel<LocalExportResult | null>()(z.tuple([LocalExportRequest])),
    /** Deletes a party's legs, or the profile's whole store (its files). */
    forget: channel<LocalStoreInfo[]>()(z.tuple([ForgetRequest])),
    /** Syncs every party the profile's JWT can read (or the listed ones), one after another; answers at once with the job. */
    syncAll: channel<SyncAllStatus>()(z.tuple([SyncAllRequest])),
    syncAllStatus: channel<SyncAllStatus>()(z.tuple([SyncJobId])),
    cancelSyncAll: channel<SyncAllStatus>()(z.tuple([SyncJobId])),
    /** The profile's portfolios: named sets of its own parties (docs/notebook.md). */
    portfolios: channel<Portfolio[]>()(z.tuple([PROFILE_ID])),
    savePortfolio: channel<Portfolio[]>()(z.tuple([PortfolioSave])),
    deletePortfolio: channel<Portfolio[]>()(z.tuple([PortfolioDelete])),
    /** A statement CSV's header and the column mapping to offer (remembered for that header, else guessed). docs/reconcile.md */
    reconcileMapping: channel<ReconcileMappingAnswer>()(z.tuple([ReconcileMappingQuery])),
    /** Matches a statement CSV against a party's legs: counts and rows per category. Abandon with app:cancel. */
    reconcile: channel<ReconcileResult>()(z.tuple([ReconcileRequest])),
    /** Asks where to save, then writes the whole reconciliation as CSV. null: the user cancelled. */
    reconcileExport: channel<ReconcileExported | null>()(z.tuple([ReconcileRequest])),

    /** Checks the aggregates the store keeps against its legs, rebuilding them first if asked (the CLI's `aggregates`). */
    aggregates: channel<AggregatesCheck>()(z.tuple([AggregatesRequest])),
    /** Asks where to save, then writes a chart's PNG or SVG (checked: PNG magic, plain SVG). null: cancelled. */
    saveChart: channel<ChartFileSaved | null>()(z.tuple([SaveChartRequest])),
    /** The lake the profile's Local ledger reads instead of its store (docs/lake.md), or null. */
    lake: channel<LakeInfo | null>()(z.tuple([PROFILE_ID])),
    /** Opens a lake folder (checked: its _lake.json) as the profile's source, read-only; remembered. */
    openLake: channel<LakeInfo>()(z.tuple([OpenLakeRequest])),
    /** Back to this computer's store. */
    closeLake: channel<null>()(z.tuple([PROFILE_ID])),
  },
  notebook: {
    /** The profile's folder of query files (docs/notebook.md, "The folder"): every `*.sql` directly in it. */
    list: channel<NotebookListing>()(profileId),
    read: channel<NotebookFile>()(z.tuple([NotebookFileRef])),
    /** Atomic; a conflict (changed on disk since `expect`, name taken, deleted) is answered, not thrown. */
    save: channel<NotebookSaved>()(z.tuple([NotebookSave])),
    /** A new file (Save as, Duplicate, a new query); a taken name gets " 2", " 3"… */
    create: channel<NotebookFile>()(z.tuple([NotebookCreate])),
    rename: channel<NotebookFile>()(z.tuple([NotebookRename])),
    /** true if it was there. */
    delete: channel<boolean>()(z.tuple([NotebookFileRef])),
    /** path null: the desktop app's folder dialog (null answer: cancelled); a typed path; '' the default. */
    openFolder: channel<NotebookListing | null>()(z.tuple([NotebookOpenFolder])),
    /** Cheap: the folder's generation, bumped by fs.watch; the screen polls it and re-reads on a change. */
    changes: channel<NotebookChanges>()(profileId),
    /** The folder's dashboard.json (docs/dashboards.md): text null when there is none yet. */
    dashboard: channel<NotebookDashboardFile>()(profileId),
    /** Atomic; refused as a conflict when the file changed on disk since `expect`. */
    saveDashboard: channel<NotebookSaved>()(z.tuple([NotebookDashboardSave])),
  },
} as const satisfies SpecsForNames;

export type Contract = typeof contract;
export type Domain = keyof Contract;
export type Verb<D extends Domain> = keyof Contract[D] & string;
export type { ChannelName };

type SpecOf<D extends Domain, V extends Verb<D>> = Contract[D][V];
export type ArgsOf<D extends Domain, V extends Verb<D>> =
  SpecOf<D, V> extends ChannelSpec<infer A, unknown> ? z.input<A> : never;
/** The arguments after the schema parsed them (trimmed, defaults applied): what main handlers receive. */
export type ParsedArgsOf<D extends Domain, V extends Verb<D>> =
  SpecOf<D, V> extends ChannelSpec<infer A, unknown> ? z.output<A> : never;
export type ResultOf<D extends Domain, V extends Verb<D>> =
  SpecOf<D, V> extends ChannelSpec<z.ZodTuple, infer R> ? R : never;

/** The object the preload puts on `window.ledger`. Rejections are `BridgeErrorShape`. */
export type LedgerApi = {
  [D in Domain]: { [V in Verb<D>]: (...args: ArgsOf<D, V>) => Promise<ResultOf<D, V>> };
};

export type { BridgeErrorShape };

export interface ChannelEntry extends ChannelId {
  args: z.ZodTuple;
}

/** Every channel with its argument schema, flattened: main validates and registers handlers from it. */
export const CHANNELS: readonly ChannelEntry[] = Object.entries(contract).flatMap(([domain, verbs]) =>
  Object.entries(verbs).map(([verb, spec]) => ({
    domain: domain as Domain,
    verb,
    name: `${domain}:${verb}` as ChannelName,
    args: (spec as ChannelSpec).args,
  })),
);
