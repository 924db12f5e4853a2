// The layer rules of the source tree, checked by reading every import with TypeScript's own parser
// (so an import in a comment or a string is not one, and `import type` is told apart: it is erased
// from every bundle, but it still ties two files together).
import { existsSync } from 'node:fs';
import { posix, relative, resolve } from 'node:path';
import ts from 'typescript';

/** `type`: erased at build time; `dynamic`: `import('…')`, loaded only when that line runs. */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface ImportEdge {
  specifier: string;
  kind: ImportKind;
}

/** What the rules need to know about one source file. Paths are relative to the project root. */
export interface SourceFacts {
  file: string;
  /** A bare string is a static import (the shorthand planted tests use). */
  imports: Array<string | ImportEdge>;
  /** Reads `window.ledger` (or `globalThis.ledger`, `window['ledger']`). */
  touchesBridge?: boolean;
  /** Spells a query key inline (`queryKey: [...]`, `setQueryData([...])`) instead of using the factory. */
  spellsQueryKey?: boolean;
}

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

export interface SourceReading {
  imports: ImportEdge[];
  touchesBridge: boolean;
  spellsQueryKey: boolean;
}

const edge = (entry: string | ImportEdge): ImportEdge =>
  typeof entry === 'string' ? { specifier: entry, kind: 'static' } : entry;

/** Module specifiers of static imports, re-exports and dynamic imports in a source text. */
export function importsOf(source: string): string[] {
  return [...new Set(readSource(source).imports.map((entry) => entry.specifier))];
}

const QUERY_KEY_METHODS = new Set([
  'getQueryData',
  'setQueryData',
  'getQueryState',
  'getQueryDefaults',
  'setQueryDefaults',
  'getMutationDefaults',
  'setMutationDefaults',
]);

/** Imports (with their kind), bridge access and inline query keys of one source text. */
export function readSource(source: string, fileName = 'source.tsx'): SourceReading {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const imports: ImportEdge[] = [];
  let touchesBridge = false;
  let spellsQueryKey = false;
  const add = (specifier: ts.Node | undefined, kind: ImportKind) => {
    if (specifier && ts.isStringLiteralLike(specifier)) imports.push({ specifier: specifier.text, kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, isTypeOnlyImport(node) ? 'type' : 'static');
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, isTypeOnlyExport(node) ? 'type' : 'static');
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly ? 'type' : 'static');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, 'type');
    } else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], 'dynamic');
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') add(node.arguments[0], 'static');
      else if (
        ts.isPropertyAccessExpression(node.expression) &&
        QUERY_KEY_METHODS.has(node.expression.name.text) &&
        node.arguments.length > 0 &&
        isArrayLiteral(node.arguments[0])
      )
        spellsQueryKey = true;
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'queryKey' || node.name.text === 'mutationKey') &&
      isArrayLiteral(node.initializer)
    ) {
      spellsQueryKey = true;
    } else if (isBridgeAccess(node)) {
      touchesBridge = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { imports, touchesBridge, spellsQueryKey };
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  // `import { type A, type B } from`: every name is a type, so the import is erased as a whole.
  return !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0
    ? named.elements.every((element) => element.isTypeOnly)
    : false;
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause && ts.isNamedExports(clause) && clause.elements.length > 0
    ? clause.elements.every((element) => element.isTypeOnly)
    : false;
}

function isArrayLiteral(node: ts.Expression): boolean {
  let inner = node;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner))
    inner = inner.expression;
  return ts.isArrayLiteralExpression(inner);
}

function isBridgeAccess(node: ts.Node): boolean {
  const onGlobal = (target: ts.Expression) =>
    ts.isIdentifier(target) && (target.text === 'window' || target.text === 'globalThis' || target.text === 'self');
  if (ts.isPropertyAccessExpression(node)) return onGlobal(node.expression) && node.name.text === 'ledger';
  if (ts.isElementAccessExpression(node))
    return (
      onGlobal(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === 'ledger'
    );
  return false;
}

/**
 * The project file a relative specifier names (root-relative, '/'-separated), or null for a package.
 * With `exists`, an extensionless specifier is tried as .ts, .tsx and a folder's index.ts.
 */
export function resolveSpecifier(
  file: string,
  specifier: string,
  exists: (path: string) => boolean = () => true,
): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = posix.normalize(posix.join(posix.dirname(file), specifier));
  if (/\.[a-z0-9]+$/i.test(posix.basename(target))) return target;
  for (const candidate of [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`])
    if (exists(candidate)) return candidate;
  return target;
}

/** A resolver for files on disk under `root`. */
export const onDisk = (root: string) => (path: string) => existsSync(resolve(root, path));

const NODE_BUILTIN = /^node:|^(fs|path|child_process|http|https|net|os|crypto)$/;
const isElectron = (specifier: string) => specifier === 'electron' || specifier.startsWith('electron/');
const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');
const SANDBOX_ENTRY = 'src-sandbox/index.ts';

/** The per-import rules: which folder may import what. */
export function findBoundaryViolations(tree: SourceFacts[], root: string): Violation[] {
  const exists = onDisk(root);
  const violations: Violation[] = [];
  for (const { file, imports } of tree) {
    for (const entry of imports) {
      const { specifier, kind } = edge(entry);
      const rule = broken(file, specifier, kind, resolveSpecifier(file, specifier, exists));
      if (rule) violations.push({ file, specifier, rule });
    }
  }
  return violations;
}

function broken(file: string, specifier: string, kind: ImportKind, target: string | null): string | null {
  const inside = (dir: string) => target?.startsWith(`${dir}/`) ?? false;
  const featureOf = (path: string) => /^src-renderer\/features\/([^/]+)\//.exec(path)?.[1];
  if (file.startsWith('src-main/')) {
    if (inside('src-sandbox')) {
      if (file.startsWith('src-main/services/') && target !== SANDBOX_ENTRY)
        return 'services may not import sandbox internals: only src-sandbox/index.ts, the one entry';
      if (target !== SANDBOX_ENTRY) return 'main enters the sandbox through src-sandbox/index.ts only';
      if (kind === 'static') return 'main loads the sandbox only with import() (or import type): never a static import';
    }
  }
  if (file.startsWith('src-main/services/') || file.startsWith('src-main/web-shell/')) {
    if (isElectron(specifier)) return 'plain-Node main code must not import electron';
    if (inside('src-main/shell')) return 'services must not depend on the Electron shell';
    if (inside('src-renderer') || inside('src-preload')) return 'main must not import renderer or preload code';
  }
  if (file.startsWith('src-sandbox/')) {
    if (inside('src-main') || inside('src-renderer') || inside('src-preload'))
      return 'the sandbox is a package of its own: it imports only src-shared from the app';
    if (isElectron(specifier)) return 'the sandbox is plain Node: no electron';
  }
  if (file.startsWith('src-renderer/')) {
    if (inside('src-main')) return 'the renderer imports nothing from main';
    if (isElectron(specifier) || NODE_BUILTIN.test(specifier)) return 'the renderer has no Node or Electron';
    if (target && !inside('src-renderer') && !inside('src-shared'))
      return 'the renderer imports from outside src-renderer only src-shared';
    if (file.startsWith('src-renderer/ui/') && inside('src-renderer/features')) return 'ui/ imports no feature';
    const feature = featureOf(file);
    const targetFeature = target ? featureOf(target) : undefined;
    if (feature && targetFeature && targetFeature !== feature)
      return `a feature never imports another feature (${feature} -> ${targetFeature}): share through data/ or ui/`;
  }
  if (file.startsWith('src-shared/')) {
    if (inside('src-main') || inside('src-renderer') || inside('src-preload') || inside('src-sandbox'))
      return 'the contract depends on nothing else in the app';
    if (isElectron(specifier) || NODE_BUILTIN.test(specifier))
      return 'the contract is shared with the renderer: no Node or Electron';
  }
  if (file.startsWith('src-preload/')) {
    if (inside('src-main') || inside('src-renderer')) return 'the preload depends only on the contract';
    if (NODE_BUILTIN.test(specifier)) return 'a sandboxed preload has no Node modules';
    if (target && !inside('src-preload') && !inside('src-shared')) return 'the preload imports only src-shared';
    if (!target && !isElectron(specifier)) return 'the preload bundles no package but electron';
  }
  return null;
}

/** Only src-renderer/data/ talks to window.ledger and spells query keys (web/ installs the bridge). */
export function findBridgeViolations(tree: SourceFacts[], root: string): Violation[] {
  const exists = onDisk(root);
  const inRenderer = (file: string) => file.startsWith('src-renderer/') && !file.startsWith('src-renderer/web/');
  const inData = (file: string) => file.startsWith('src-renderer/data/');
  const accessors = new Set(tree.filter((f) => inRenderer(f.file) && f.touchesBridge).map((f) => f.file));
  const violations: Violation[] = [];
  for (const { file, imports, touchesBridge, spellsQueryKey } of tree) {
    if (!inRenderer(file) || inData(file)) continue;
    if (touchesBridge) violations.push({ file, specifier: 'window.ledger', rule: 'only data/ touches window.ledger' });
    if (spellsQueryKey)
      violations.push({ file, specifier: 'queryKey', rule: 'only data/ spells a query key: use the key factory' });
    for (const entry of imports) {
      const { specifier } = edge(entry);
      const target = resolveSpecifier(file, specifier, exists);
      if (target && accessors.has(target))
        violations.push({ file, specifier, rule: 'only data/ imports the window.ledger accessor: call a data/ hook' });
    }
  }
  return violations;
}

/**
 * Files from which zod can be loaded starting at `entry`, following relative imports that stay in
 * the bundle (type-only imports are erased). Each as the chain of files that leads to it.
 */
export function findZodReachable(tree: SourceFacts[], entry: string, root: string): Violation[] {
  const exists = onDisk(root);
  const byFile = new Map(tree.map((facts) => [facts.file, facts]));
  const via = new Map<string, string>([[entry, entry]]);
  const queue = [entry];
  const violations: Violation[] = [];
  const chain = (file: string) => {
    const path = [file];
    while (via.get(path[0]) !== path[0]) path.unshift(via.get(path[0]) as string);
    return path.join(' -> ');
  };
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const entryEdge of byFile.get(file)?.imports ?? []) {
      const { specifier, kind } = edge(entryEdge);
      if (kind === 'type') continue;
      if (isZod(specifier)) violations.push({ file, specifier, rule: `the preload bundles zod: ${chain(file)}` });
      const target = resolveSpecifier(file, specifier, exists);
      if (target && byFile.has(target) && !via.has(target)) {
        via.set(target, file);
        queue.push(target);
      }
    }
  }
  return violations;
}

/**
 * Every import circle: the strongly connected components (Tarjan) of the graph of relative imports,
 * `import type` included. Each circle is its files, sorted; a file importing itself is a circle too.
 */
export function findImportCycles(tree: SourceFacts[], root: string): string[][] {
  const exists = onDisk(root);
  const files = new Set(tree.map((f) => f.file));
  const next = new Map<string, string[]>();
  for (const { file, imports } of tree) {
    const targets = imports
      .map((entry) => resolveSpecifier(file, edge(entry).specifier, exists))
      .filter((target): target is string => target !== null && files.has(target));
    next.set(file, [...new Set(targets)]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Root-relative, '/'-separated path of an absolute file path. */
export const projectPath = (root: string, file: string) => relative(root, file).split(/[\\/]/).join('/');

/** How the reach of an entry is followed: `types` also through `import type` (erased from the bundle). */
export interface ReachOptions {
  types: boolean;
}

/**
 * Every project file reachable from `entry` through relative imports (static and dynamic, and
 * `import type` when `types`), each with the chain of files that leads to it from the entry.
 */
export function reachableFrom(
  tree: SourceFacts[],
  entry: string,
  root: string,
  { types }: ReachOptions,
): Map<string, string[]> {
  const exists = onDisk(root);
  const byFile = new Map(tree.map((facts) => [facts.file, facts]));
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const entryEdge of byFile.get(file)?.imports ?? []) {
      const { specifier, kind } = edge(entryEdge);
      if (kind === 'type' && !types) continue;
      const target = resolveSpecifier(file, specifier, exists);
      if (target && byFile.has(target) && !chains.has(target)) {
        chains.set(target, [...(chains.get(file) as string[]), target]);
        queue.push(target);
      }
    }
  }
  return chains;
}

/** Where the SQL process may never reach: the code that holds or moves secrets and talks to a ledger. */
export const SQL_PROCESS_ENTRY = 'src-main/services/local-ledger/sql/sql-child.ts';
export const SQL_PROCESS_FORBIDDEN = [
  'src-main/services/http/',
  'src-main/services/credentials/',
  'src-main/services/ledger/',
];

/**
 * The SQL process runs the user's SQL and holds no secret: from its entry, followed through every
 * import (`import type` included: a type today is one edit from a value import, and the process's
 * code has no business knowing the shape of a credential), it reaches nothing under `forbidden`.
 */
export function findSqlProcessReach(
  tree: SourceFacts[],
  root: string,
  entry = SQL_PROCESS_ENTRY,
  forbidden: readonly string[] = SQL_PROCESS_FORBIDDEN,
): Violation[] {
  const violations: Violation[] = [];
  for (const [file, chain] of reachableFrom(tree, entry, root, { types: true })) {
    const folder = forbidden.find((prefix) => file.startsWith(prefix));
    if (folder)
      violations.push({
        file,
        specifier: chain[chain.length - 2] ?? file,
        rule: `the SQL process reaches ${folder}: ${chain.join(' -> ')}`,
      });
  }
  return violations;
}

export const WING = 'src-main/services/local-ledger/';
/**
 * The local-ledger wing's layers, bottom to top (docs/architecture.md, "The local-ledger wing"): a
 * file imports only from its own layer and those below. `root` is the files at the wing's root
 * (local-ledger.ts, local-ledger-host.ts, entry.ts); engine/ (the engine process) runs the whole
 * wing and stands with them at the top.
 */
export const WING_LAYERS: Readonly<Record<string, number>> = {
  store: 0,
  lake: 1,
  views: 2,
  sql: 3,
  export: 4,
  reconcile: 5,
  sync: 6,
  engine: 7,
  root: 7,
};
/** lake/ is read by tools of its own (the CLI's lake commands): within the wing it depends on store/ alone. */
const LAKE_REACHES = new Set(['store', 'lake']);

/** A wing file's layer: its folder under the wing, `root` for a file at the wing's root. */
export function wingLayer(file: string): string | null {
  if (!file.startsWith(WING)) return null;
  const rest = file.slice(WING.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : 'root';
}

/** Imports that run upward across the wing's layers (`import type` included), and lake/ reaching past store/. */
export function findWingLayerViolations(tree: SourceFacts[], root: string): Violation[] {
  const exists = onDisk(root);
  const violations: Violation[] = [];
  for (const { file, imports } of tree) {
    const from = wingLayer(file);
    if (from === null) continue;
    if (WING_LAYERS[from] === undefined) {
      violations.push({
        file,
        specifier: '',
        rule: `${from}/ is in no layer of the wing: give it its place in WING_LAYERS`,
      });
      continue;
    }
    for (const entry of imports) {
      const { specifier } = edge(entry);
      const target = resolveSpecifier(file, specifier, exists);
      const to = target ? wingLayer(target) : null;
      if (to === null || to === from) continue;
      if (WING_LAYERS[to] === undefined || WING_LAYERS[to] > WING_LAYERS[from])
        violations.push({ file, specifier, rule: `an import runs upward in the wing: ${from} -> ${to}` });
      else if (from === 'lake' && !LAKE_REACHES.has(to))
        violations.push({ file, specifier, rule: `lake/ depends on store/ alone within the wing: lake -> ${to}` });
    }
  }
  return violations;
}

/** `src-main/services/<folder>/` of a path, or null (the services' own root files are no folder). */
export function servicesFolder(file: string): string | null {
  return /^src-main\/services\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Every import edge of `tree` that resolves to a file, with its resolved target. */
function resolvedEdges(tree: SourceFacts[], root: string) {
  const exists = onDisk(root);
  return tree.flatMap(({ file, imports }) =>
    imports.flatMap((entry) => {
      const { specifier } = edge(entry);
      const target = resolveSpecifier(file, specifier, exists);
      return target ? [{ file, specifier, target }] : [];
    }),
  );
}

/**
 * Two folders of src-main/services that import each other (any import, `import type` too): each
 * is then part of the other, and neither can be read, tested or moved alone. One violation per
 * direction of each such pair.
 */
export function findServiceFolderPairs(tree: SourceFacts[], root: string): Violation[] {
  const edges = resolvedEdges(tree, root).flatMap((e) => {
    const from = servicesFolder(e.file);
    const to = servicesFolder(e.target);
    return from && to && from !== to ? [{ ...e, from, to }] : [];
  });
  const pairs = new Set(edges.map((e) => `${e.from}>${e.to}`));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const e of edges) {
    if (!pairs.has(`${e.to}>${e.from}`) || seen.has(`${e.from}>${e.to}`)) continue;
    seen.add(`${e.from}>${e.to}`);
    violations.push({
      file: e.file,
      specifier: e.specifier,
      rule: `services/${e.from} and services/${e.to} import each other`,
    });
  }
  return violations;
}

/** src-renderer/data/ (the bridge's hooks and stores) imports nothing from src-renderer/features/ (the screens). */
export function findDataImportsFeatures(tree: SourceFacts[], root: string): Violation[] {
  return resolvedEdges(tree, root)
    .filter((e) => e.file.startsWith('src-renderer/data/') && e.target.startsWith('src-renderer/features/'))
    .map((e) => ({
      file: e.file,
      specifier: e.specifier,
      rule: 'data/ imports a feature: move what it needs below both',
    }));
}

/**
 * src-main/services/credentials/ (the keychain and the secrets) imports, within src-main, only its
 * own files, the services' root modules (errors, the service context, timeouts) and src-main/files/:
 * no other folder of main's services (its features), nor the shell, the web shell or the CLI.
 * Direct imports: the root's service-context.ts names each folder's service types (it composes
 * them), so types reach further through it.
 */
export function findCredentialsReach(tree: SourceFacts[], root: string): Violation[] {
  const allowed = (target: string) =>
    !target.startsWith('src-main/') ||
    target.startsWith('src-main/services/credentials/') ||
    target.startsWith('src-main/files/') ||
    /^src-main\/services\/[^/]+$/.test(target);
  return resolvedEdges(tree, root)
    .filter((e) => servicesFolder(e.file) === 'credentials' && !allowed(e.target))
    .map((e) => ({
      file: e.file,
      specifier: e.specifier,
      rule: `credentials/ imports a feature of main: ${e.target.replace(/^src-main\//, '').replace(/\/[^/]+$/, '/')}`,
    }));
}
