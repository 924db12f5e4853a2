// Environments and collections in main: validation beyond the schemas (a variable value that is a
// saved secret is refused), every secret scrubbed from what is written or exported, and import and
// export of collections. Main never substitutes variables, and never the key: the renderer resolves
// {{variables}} and main adds the key to the call as it always did.
import type { z } from 'zod';
import type { SavedRequest } from '../../../src-shared/contract/rpc.ts';
import {
  type CollectionEdit,
  type CollectionExport,
  type CollectionImport,
  type CollectionImportResult,
  type CollectionsView,
  type EnvironmentInput,
  type EnvironmentsView,
  MAX_COLLECTION_REQUESTS,
  MAX_COLLECTIONS,
  MAX_ENVIRONMENTS,
  type RpcCollection,
} from '../../../src-shared/contract/rpc-workspace.ts';
import { variableUses } from '../../../src-shared/rpc/variable-text.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { applyEdit } from './collection-edits.ts';
import { exportCollection, type ParsedImport, parseImport } from './collection-transfer.ts';
import { KEY_PLACEHOLDER, scrub } from './rpc-history-store.ts';
import { newId, RpcWorkspaceStore } from './rpc-workspace-store.ts';

const SECRET_LABELS = { apiKey: 'API key', partnerToken: 'bearer token', ledgerJwt: 'ledger JWT' } as const;

export class RpcWorkspace {
  private opened: Promise<RpcWorkspaceStore> | undefined;

  private readonly ctx: ServiceContext;
  private readonly userDataDir: string;
  private readonly legacySaved: () => Promise<SavedRequest[]>;

  constructor(ctx: ServiceContext, userDataDir: string, legacySaved: () => Promise<SavedRequest[]>) {
    this.ctx = ctx;
    this.userDataDir = userDataDir;
    this.legacySaved = legacySaved;
  }

  async environments(): Promise<EnvironmentsView> {
    const store = await this.store();
    return { environments: store.environments(), problem: store.problem };
  }

  async saveEnvironment(input: z.output<typeof EnvironmentInput>): Promise<EnvironmentsView> {
    const secrets = await this.secrets();
    for (const variable of input.variables) {
      const secret = secrets.find((s) => variable.value.includes(s.value));
      if (secret) {
        throw new ServiceError(
          'invalid_argument',
          `Variable "${variable.name}" holds the ${secret.label} of "${secret.profile}". Variables are not secrets: they are saved and exported as plain text. Main adds the key to every call by itself.`,
          {
            issues: [
              {
                path: ['0', 'variables', String(input.variables.indexOf(variable)), 'value'],
                message: 'a saved secret',
              },
            ],
          },
        );
      }
    }
    const store = await this.store();
    await store.update((data) => {
      const others = data.environments.filter((e) => e.id !== input.id);
      if (input.id && others.length === data.environments.length) throw notFound('environment');
      if (others.some((e) => e.name.toLowerCase() === input.name.toLowerCase())) {
        throw new ServiceError('invalid_argument', `An environment named "${input.name}" exists already.`);
      }
      if (others.length >= MAX_ENVIRONMENTS)
        throw new ServiceError('invalid_argument', `At most ${MAX_ENVIRONMENTS} environments.`);
      const saved = { ...input, id: input.id ?? newId() };
      const at = data.environments.findIndex((e) => e.id === input.id);
      if (at >= 0) data.environments[at] = saved;
      else data.environments.push(saved);
    });
    return this.environments();
  }

  async deleteEnvironment(id: string): Promise<EnvironmentsView> {
    await (await this.store()).update((data) => {
      data.environments = data.environments.filter((e) => e.id !== id);
    });
    return this.environments();
  }

  async collections(): Promise<CollectionsView> {
    const store = await this.store();
    return { collections: store.collections(), problem: store.problem };
  }

  /** One change to the collections; a request is scrubbed of every profile's secrets before it is kept. */
  async editCollection(edit: z.output<typeof CollectionEdit>): Promise<CollectionsView> {
    const secrets = await this.secrets();
    const scrubbed = scrub(
      edit,
      secrets.map((s) => s.value),
    );
    refuseLeak(JSON.stringify(scrubbed), secrets, 'This change');
    await (await this.store()).update((data) => applyEdit(data, scrubbed));
    return this.collections();
  }

  async exportCollection({ collectionId }: { collectionId: string }): Promise<CollectionExport> {
    const collection = (await this.store()).collections().find((c) => c.id === collectionId);
    if (!collection) throw notFound('collection');
    // Scrubbed again on the way out: a secret saved after a request was kept still never leaves.
    const secrets = await this.secrets();
    const text = exportCollection(
      scrub(
        collection,
        secrets.map((s) => s.value),
      ),
    );
    refuseLeak(text, secrets, 'The export');
    const base = collection.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'collection';
    return { fileName: `${base}.rpc-collection.json`, text };
  }

  async importCollection({ fileName, text }: z.output<typeof CollectionImport>): Promise<CollectionImportResult> {
    const parsed = parseImport(text, fileName || 'the file');
    if (parsed.requests.length === 0) {
      throw new ServiceError(
        'invalid_argument',
        `${fileName || 'The file'} has no JSON-RPC request to import (${skippedCount(parsed, 0)}).${byNameNote(parsed.byName)}`,
      );
    }
    const found = await this.secrets();
    const secrets = found.map((s) => s.value);
    const id = newId();
    const store = await this.store();
    const names = new Set(store.collections().map((c) => c.name));
    let name = parsed.name;
    for (let n = 2; names.has(name); n++) name = `${parsed.name} (${n})`;
    const kept = parsed.requests.slice(0, MAX_COLLECTION_REQUESTS);
    await store.update((data) => {
      if (data.collections.length >= MAX_COLLECTIONS)
        throw new ServiceError('invalid_argument', `At most ${MAX_COLLECTIONS} collections: delete one first.`);
      const savedAt = new Date().toISOString();
      const collection: RpcCollection = { id, name, requests: kept.map((r) => ({ ...r, id: newId(), savedAt })) };
      const scrubbed = scrub(collection, secrets);
      refuseLeak(JSON.stringify(scrubbed), found, 'The import');
      data.collections.push(scrubbed);
    });
    const skipped = skippedCount(parsed, parsed.requests.length - kept.length);
    const message = `Imported ${kept.length} request${kept.length === 1 ? '' : 's'} into "${name}"${
      skipped ? `; ${skipped}` : ''
    }.${byNameNote(parsed.byName)}${variablesNote(kept, store.environments())}`;
    return { view: await this.collections(), collectionId: id, message };
  }

  async close(): Promise<void> {
    const store = await this.opened?.catch(() => null);
    await store?.flushed().catch(() => {});
  }

  private store(): Promise<RpcWorkspaceStore> {
    this.opened ??= RpcWorkspaceStore.open(this.userDataDir, this.legacySaved);
    return this.opened;
  }

  /**
   * Every secret of every profile (API key, bearer token, ledger JWT): none may be written into a
   * workspace file. A secret the keychain cannot read (locked, hung) refuses the operation: without
   * it, nothing could be checked or scrubbed for it. Only an absent secret is left out.
   */
  private async secrets(): Promise<{ value: string; label: string; profile: string }[]> {
    // The sandbox's built-in credentials only while its network already runs: they are handed out by
    // the network, so in this session nothing shows them (Settings, history, snippets) before it starts.
    // Starting it just to scrub would cost seconds and a node per chain on every save. A value copied in
    // an earlier session is not caught until the network runs again (the console's first sandbox call).
    const sandbox = this.ctx.sandbox.network?.credentials;
    const found = await Promise.all(
      this.ctx.settings.settings.profiles.flatMap((profile) =>
        (Object.keys(SECRET_LABELS) as (keyof typeof SECRET_LABELS)[]).map(async (kind) => {
          const label = SECRET_LABELS[kind];
          let value: string | null;
          try {
            value = await this.ctx.credentials.get(profile.id, kind);
          } catch (error) {
            const why = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
            throw new ServiceError(
              'keychain',
              `${why}. Everything saved or exported is checked for every saved secret, so nothing was saved or exported: try again once the OS keychain answers.`,
            );
          }
          if (!value && profile.kind === 'sandbox') value = sandbox?.[kind] ?? null;
          return value ? { value, label, profile: profile.name } : null;
        }),
      ),
    );
    return found.filter((s): s is NonNullable<typeof s> => s !== null);
  }
}

/**
 * The check after the scrub: the text searched for every secret escaped more levels deep than the
 * scrub replaces (JSON text in a string inside JSON text…). Such a form stops the save or export.
 */
function refuseLeak(text: string, secrets: { value: string; label: string; profile: string }[], what: string): void {
  const leaked = secrets.find((s) => appearsIn(text, s.value));
  if (leaked) {
    throw new ServiceError(
      'invalid_argument',
      `${what} would hold the ${leaked.label} of "${leaked.profile}" (nested too deep in escaped JSON to be replaced by ${KEY_PLACEHOLDER}), so it was refused. Remove that value from the request.`,
    );
  }
}

/** The secret in `text`, as itself or JSON-escaped up to five times over. */
function appearsIn(text: string, secret: string): boolean {
  let form = secret;
  for (let level = 0; level <= 5; level++) {
    if (text.includes(form)) return true;
    const escaped = JSON.stringify(form).slice(1, -1);
    if (escaped === form) return false;
    form = escaped;
  }
  return false;
}

function notFound(what: string): ServiceError {
  return new ServiceError('not_found', `That ${what} no longer exists (deleted in another window?).`);
}

/**
 * An imported request runs only once its {{variables}} have values (a Postman request whose address
 * does not name `<chain>_<full|archive>` gets {{chain}}): the import names those no environment defines.
 */
function variablesNote(
  requests: { chain: string; method: string | null; text: string }[],
  environments: { variables: { name: string }[] }[],
): string {
  const defined = new Set(environments.flatMap((e) => e.variables.map((v) => v.name)));
  const names = new Set<string>();
  for (const r of requests) {
    for (const use of variableUses(`${r.chain} ${r.method ?? ''} ${r.text}`)) {
      if (!defined.has(use.name)) names.add(use.name);
    }
  }
  if (names.size === 0) return '';
  const list = [...names].slice(0, 8).map((n) => `{{${n}}}`);
  const more = names.size > 8 ? ` and ${names.size - 8} more` : '';
  return ` They use ${list.join(', ')}${more}: give ${names.size === 1 ? 'it a value' : 'them values'} in an environment before running them.`;
}

/**
 * Every item left out, counted once and by reason ("2 Postman items skipped: 1 not a JSON-RPC call,
 * 1 with params by name"); '' when none was. The total used to leave out the calls by name, which
 * have a sentence of their own (byNameNote), so 1 + 1 read "1 Postman items skipped".
 */
function skippedCount(parsed: ParsedImport, overLimit: number): string {
  const byName = parsed.byName.length;
  const invalid = parsed.skipped - byName;
  const total = parsed.skipped + overLimit;
  if (total === 0) return '';
  const what = parsed.source === 'postman' ? 'Postman item' : 'item';
  const reasons = [
    invalid > 0 &&
      (parsed.source === 'postman'
        ? `${invalid} not ${invalid === 1 ? 'a JSON-RPC call' : 'JSON-RPC calls'}`
        : `${invalid} not ${invalid === 1 ? 'a valid request' : 'valid requests'}`),
    byName > 0 && `${byName} with params by name`,
    overLimit > 0 && `${overLimit} over the limit of ${MAX_COLLECTION_REQUESTS} requests a collection`,
  ].filter(Boolean);
  return `${total} ${what}${total === 1 ? '' : 's'} skipped: ${reasons.join(', ')}`;
}

/** The calls skipped for params by name, named: the one reason worth its own sentence. */
function byNameNote(names: string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, 3).map((n) => `"${n}"`);
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return ` Skipped ${shown.join(', ')}${more}: ${names.length === 1 ? 'its' : 'their'} params are by name (an object), and node access takes them as an array (spec 2.7); rewrite ${names.length === 1 ? 'it' : 'them'} with params in order.`;
}
