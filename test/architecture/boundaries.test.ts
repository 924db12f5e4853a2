// Process and layer boundaries, checked mechanically by reading every import in the tree. Each rule
// also has a planted test: a made-up tree that breaks it, proving the checker would notice.
import { describe, expect, it } from 'vitest';
import {
  findBoundaryViolations,
  findBridgeViolations,
  findCredentialsReach,
  findDataImportsFeatures,
  findImportCycles,
  findServiceFolderPairs,
  findSqlProcessReach,
  findWingLayerViolations,
  findZodReachable,
  importsOf,
  reachableFrom,
  readSource,
  type SourceFacts,
  SQL_PROCESS_ENTRY,
} from './import-rules.ts';
import { readSourceTree, root } from './source-tree.ts';

const specifiers = (facts: SourceFacts) =>
  facts.imports.map((entry) => (typeof entry === 'string' ? entry : entry.specifier));

describe('process boundaries', () => {
  const files = readSourceTree();
  const tree: SourceFacts[] = files.map(({ path, file, source }) => ({ file, ...readSource(source, path) }));

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('has no import that crosses a boundary', () => {
    expect(findBoundaryViolations(tree, root)).toEqual([]);
  });

  it('only src-main/shell and the preload entry import electron', () => {
    const importers = tree.filter((f) => specifiers(f).includes('electron')).map((f) => f.file);
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) expect(file).toMatch(/^(src-main\/shell\/|src-preload\/index\.ts$)/);
  });

  it('has no import circle (import type included)', () => {
    expect(findImportCycles(tree, root)).toEqual([]);
  });

  it('the preload reaches no zod: it bundles channel names, main validates', () => {
    expect(tree.some((f) => f.file === 'src-preload/index.ts')).toBe(true);
    expect(findZodReachable(tree, 'src-preload/index.ts', root)).toEqual([]);
  });

  it('the SQL process reaches nothing under http/, credentials/ or ledger/, through any import from its entry', () => {
    const reach = reachableFrom(tree, SQL_PROCESS_ENTRY, root, { types: true });
    // The entry is there and its reach is followed (it loads the sandbox's DuckDB module and the SQL builders).
    expect(reach.has('src-main/services/local-ledger/sql/sql-sandbox-db.ts')).toBe(true);
    expect(findSqlProcessReach(tree, root)).toEqual([]);
  });

  // Each folder rule: the folder it reads is there (with at least `files` files), and nothing breaks it.
  const folderRules: Array<[string, string, number, (tree: SourceFacts[], root: string) => unknown[]]> = [
    [
      'no import runs upward across the local-ledger wing, and lake/ reaches only store/ within it',
      'src-main/services/local-ledger/lake/',
      5,
      findWingLayerViolations,
    ],
    [
      'no two folders of src-main/services import each other',
      'src-main/services/local-ledger/',
      20,
      findServiceFolderPairs,
    ],
    ['src-renderer/data/ imports nothing from features/', 'src-renderer/data/', 5, findDataImportsFeatures],
    [
      'credentials/ imports nothing from the features of main',
      'src-main/services/credentials/',
      2,
      findCredentialsReach,
    ],
  ];
  for (const [name, folder, files, find] of folderRules) {
    it(name, () => {
      expect(tree.filter((f) => f.file.startsWith(folder)).length).toBeGreaterThan(files);
      expect(find(tree, root)).toEqual([]);
    });
  }

  it('only src-renderer/data touches window.ledger or spells a query key', () => {
    const accessors = tree.filter((f) => f.touchesBridge && f.file.startsWith('src-renderer/'));
    expect(accessors.length).toBeGreaterThan(0);
    expect(findBridgeViolations(tree, root)).toEqual([]);
  });

  it('the checker catches electron in services, main in the renderer and node in the renderer', () => {
    const planted = [
      { file: 'src-main/services/planted.ts', imports: ['electron'] },
      { file: 'src-main/services/planted-2.ts', imports: ['../shell/main.ts'] },
      { file: 'src-renderer/planted.tsx', imports: ['../src-main/services/app-services.ts'] },
      { file: 'src-renderer/planted-2.tsx', imports: ['node:fs'] },
      { file: 'src-shared/planted.ts', imports: ['../src-main/services/errors.ts'] },
      { file: 'src-preload/planted.ts', imports: ['node:child_process'] },
    ];
    expect(findBoundaryViolations(planted, root).map((v) => v.file)).toEqual(planted.map((p) => p.file));
  });
});

describe('the import reader', () => {
  it('tells type-only, static and dynamic imports apart and ignores comments and strings', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B, type C } from './b.ts';",
      "import { D, type E } from './d.ts';",
      "import './effect.ts';",
      "export type { F } from './f.ts';",
      "export { G } from './g.ts';",
      "const lazy = () => import('./lazy.ts');",
      "type H = typeof import('./h.ts');",
      "// import { gone } from './comment.ts';",
      'const text = "import x from \'./string.ts\'";',
    ].join('\n');
    expect(readSource(source).imports).toEqual([
      { specifier: './a.ts', kind: 'type' },
      { specifier: './b.ts', kind: 'type' },
      { specifier: './d.ts', kind: 'static' },
      { specifier: './effect.ts', kind: 'static' },
      { specifier: './f.ts', kind: 'type' },
      { specifier: './g.ts', kind: 'static' },
      { specifier: './lazy.ts', kind: 'dynamic' },
      { specifier: './h.ts', kind: 'type' },
    ]);
    expect(importsOf(source)).toHaveLength(8);
  });

  it('sees window.ledger and inline query keys, not the words in a comment', () => {
    expect(readSource('// hooks around window.ledger\nconst k = { queryKey: keys.all() };')).toMatchObject({
      touchesBridge: false,
      spellsQueryKey: false,
    });
    expect(readSource('export const ledger = () => window.ledger;')).toMatchObject({ touchesBridge: true });
    expect(readSource("const api = globalThis['ledger'];")).toMatchObject({ touchesBridge: true });
    expect(readSource("useQuery({ queryKey: ['settings'] as const, queryFn })")).toMatchObject({
      spellsQueryKey: true,
    });
    expect(readSource("client.setQueryData(['rpc', 'answer'], answer)")).toMatchObject({ spellsQueryKey: true });
  });
});

describe('the checker catches (planted violations)', () => {
  it('two service folders importing each other (import type too), not one importing the other', () => {
    const planted: SourceFacts[] = [
      { file: 'src-main/services/settings/planted.ts', imports: ['../rpc/rpc-console.ts'] },
      {
        file: 'src-main/services/rpc/planted.ts',
        imports: [{ specifier: '../settings/settings-store.ts', kind: 'type' }],
      },
      // One way only, and a root module: allowed.
      { file: 'src-main/services/notebook/planted.ts', imports: ['../settings/settings-store.ts', '../errors.ts'] },
    ];
    expect(findServiceFolderPairs(planted, root).map((v) => v.rule)).toEqual([
      'services/settings and services/rpc import each other',
      'services/rpc and services/settings import each other',
    ]);
  });

  it('data/ importing a feature, and credentials/ importing a feature of main', () => {
    const planted: SourceFacts[] = [
      { file: 'src-renderer/data/planted.ts', imports: ['../features/local-ledger/sql/notebook-model.ts'] },
      { file: 'src-main/services/credentials/planted.ts', imports: ['../rpc/rpc-history-store.ts'] },
      { file: 'src-main/services/credentials/planted-3.ts', imports: ['../../web-shell/web-shell-server.ts'] },
    ];
    const allowed: SourceFacts[] = [
      { file: 'src-renderer/data/planted-2.ts', imports: ['../../src-shared/notebook/query-form.ts', './bridge.ts'] },
      {
        file: 'src-main/services/credentials/planted-2.ts',
        imports: ['../errors.ts', '../../files/atomic-write.ts', '../../../src-shared/text/secret-text.ts'],
      },
    ];
    const tree = [...planted, ...allowed];
    expect(findDataImportsFeatures(tree, root).map((v) => v.file)).toEqual(['src-renderer/data/planted.ts']);
    expect(findCredentialsReach(tree, root).map((v) => v.file)).toEqual([
      'src-main/services/credentials/planted.ts',
      'src-main/services/credentials/planted-3.ts',
    ]);
  });

  it('an import circle, through import type too, and a file importing itself', () => {
    const planted: SourceFacts[] = [
      { file: 'src-main/services/a.ts', imports: ['./b.ts'] },
      { file: 'src-main/services/b.ts', imports: [{ specifier: './c.ts', kind: 'type' }] },
      { file: 'src-main/services/c.ts', imports: [{ specifier: './a.ts', kind: 'dynamic' }] },
      { file: 'src-main/services/d.ts', imports: ['./a.ts'] },
      { file: 'src-shared/self.ts', imports: ['./self.ts'] },
      { file: 'src-renderer/ui/x.tsx', imports: ['./y.tsx'] },
      { file: 'src-renderer/ui/y.tsx', imports: [] },
    ];
    expect(findImportCycles(planted, root)).toEqual([
      ['src-main/services/a.ts', 'src-main/services/b.ts', 'src-main/services/c.ts'],
      ['src-shared/self.ts'],
    ]);
  });

  it('the renderer importing from outside src-renderer anything but src-shared', () => {
    const planted = [
      { file: 'src-renderer/planted-3.tsx', imports: ['../src-sandbox/index.ts'] },
      { file: 'src-renderer/data/planted.ts', imports: ['../../src-preload/index.ts'] },
    ];
    const allowed = [{ file: 'src-renderer/data/fine.ts', imports: ['../../src-shared/contract/channels.ts'] }];
    expect(findBoundaryViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });

  it('ui/ importing a feature', () => {
    const planted = [{ file: 'src-renderer/ui/planted.tsx', imports: ['../features/rpc/json-tree.tsx'] }];
    const allowed = [{ file: 'src-renderer/ui/fine.tsx', imports: ['./field.tsx', '../data/settings.ts'] }];
    expect(findBoundaryViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });

  it('a feature importing another feature', () => {
    const planted = [
      { file: 'src-renderer/features/rpc/planted.tsx', imports: ['../transfers/table/leg-format.ts'] },
      { file: 'src-renderer/features/transfers/table/planted.tsx', imports: ['../../settings/profile-form.tsx'] },
    ];
    const allowed = [
      {
        file: 'src-renderer/features/transfers/table/fine.tsx',
        imports: ['../filters/filter-draft.ts', '../../../ui/field.tsx'],
      },
      {
        file: 'src-renderer/app-shell.tsx',
        imports: ['./features/rpc/rpc-screen.tsx', './features/chains/chains-screen.tsx'],
      },
    ];
    expect(findBoundaryViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });

  it('window.ledger, its accessor or an inline query key outside data/', () => {
    const planted: SourceFacts[] = [
      { file: 'src-renderer/features/rpc/planted.tsx', imports: ['../../data/planted-bridge.ts'] },
      { file: 'src-renderer/ui/planted.tsx', imports: [], touchesBridge: true },
      { file: 'src-renderer/features/chains/planted.tsx', imports: [], spellsQueryKey: true },
    ];
    const allowed: SourceFacts[] = [
      { file: 'src-renderer/data/planted-bridge.ts', imports: [], touchesBridge: true },
      { file: 'src-renderer/data/query-keys.ts', imports: ['./planted-bridge.ts'], spellsQueryKey: true },
      { file: 'src-renderer/web/web-entry.ts', imports: [], touchesBridge: true },
    ];
    expect(findBridgeViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(planted.map((p) => p.file));
  });

  it('main importing the sandbox other than by import() or import type of src-sandbox/index.ts', () => {
    const planted = [
      { file: 'src-main/services/planted.ts', imports: ['../../src-sandbox/ledger/parties.ts'] },
      { file: 'src-main/services/planted-2.ts', imports: [{ specifier: '../../src-sandbox/faults.ts', kind: 'type' }] },
      { file: 'src-main/shell/planted.ts', imports: ['../../src-sandbox/index.ts'] },
      { file: 'src-main/web-shell/planted.ts', imports: [{ specifier: '../../src-sandbox/cli.ts', kind: 'dynamic' }] },
    ] satisfies SourceFacts[];
    const allowed: SourceFacts[] = [
      { file: 'src-main/services/fine.ts', imports: [{ specifier: '../../src-sandbox/index.ts', kind: 'dynamic' }] },
      { file: 'src-main/shell/fine.ts', imports: [{ specifier: '../../src-sandbox/index.ts', kind: 'type' }] },
    ];
    expect(findBoundaryViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });

  it('the sandbox importing main, renderer or preload code', () => {
    const planted = [
      { file: 'src-sandbox/planted.ts', imports: ['../src-main/services/errors.ts'] },
      { file: 'src-sandbox/ledger/planted.ts', imports: ['../../src-renderer/ui/party-format.ts'] },
      { file: 'src-sandbox/planted-2.ts', imports: ['../src-preload/index.ts'] },
    ];
    const allowed = [{ file: 'src-sandbox/fine.ts', imports: ['../src-shared/decimal.ts', 'node:http'] }];
    expect(findBoundaryViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });

  it('the preload importing anything but src-shared and electron', () => {
    const planted = [
      { file: 'src-preload/planted.ts', imports: ['../src-sandbox/index.ts'] },
      { file: 'src-preload/planted-2.ts', imports: ['zod'] },
    ];
    const allowed = [{ file: 'src-preload/fine.ts', imports: ['electron', '../src-shared/bridge/create-bridge.ts'] }];
    expect(findBoundaryViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });

  it('zod reachable from the preload entry through bundled imports (not through import type)', () => {
    const planted: SourceFacts[] = [
      {
        file: 'src-preload/index.ts',
        imports: ['../src-shared/a.ts', { specifier: '../src-shared/t.ts', kind: 'type' }],
      },
      { file: 'src-shared/a.ts', imports: ['./b.ts'] },
      { file: 'src-shared/b.ts', imports: ['zod'] },
      { file: 'src-shared/t.ts', imports: ['zod'] },
    ];
    expect(findZodReachable(planted, 'src-preload/index.ts', root)).toEqual([
      {
        file: 'src-shared/b.ts',
        specifier: 'zod',
        rule: 'the preload bundles zod: src-preload/index.ts -> src-shared/a.ts -> src-shared/b.ts',
      },
    ]);
  });

  it('the SQL process reaching a forbidden folder, through a chain, import type and import() alike', () => {
    const sql = 'src-main/services/local-ledger/sql';
    const planted: SourceFacts[] = [
      {
        file: `${sql}/sql-child.ts`,
        imports: ['./a.ts', { specifier: './b.ts', kind: 'type' }, { specifier: './c.ts', kind: 'dynamic' }],
      },
      { file: `${sql}/a.ts`, imports: ['../local-ledger.ts'] },
      { file: 'src-main/services/local-ledger/local-ledger.ts', imports: ['../http/http-client.ts'] },
      { file: 'src-main/services/http/http-client.ts', imports: [] },
      { file: `${sql}/b.ts`, imports: [{ specifier: '../../credentials/profile-secrets.ts', kind: 'type' }] },
      { file: 'src-main/services/credentials/profile-secrets.ts', imports: [] },
      { file: `${sql}/c.ts`, imports: ['../../ledger/ledger-client.ts'] },
      { file: 'src-main/services/ledger/ledger-client.ts', imports: [] },
      // Not reached from the entry: no finding.
      { file: `${sql}/d.ts`, imports: ['../../http/http-client.ts'] },
    ];
    expect(findSqlProcessReach(planted, root).map((v) => v.rule)).toEqual([
      `the SQL process reaches src-main/services/credentials/: ${sql}/sql-child.ts -> ${sql}/b.ts -> src-main/services/credentials/profile-secrets.ts`,
      `the SQL process reaches src-main/services/ledger/: ${sql}/sql-child.ts -> ${sql}/c.ts -> src-main/services/ledger/ledger-client.ts`,
      `the SQL process reaches src-main/services/http/: ${sql}/sql-child.ts -> ${sql}/a.ts -> src-main/services/local-ledger/local-ledger.ts -> src-main/services/http/http-client.ts`,
    ]);
  });

  it('an import running upward across the wing (import type too), lake/ past store/, and a folder in no layer', () => {
    const wing = 'src-main/services/local-ledger';
    const planted: SourceFacts[] = [
      { file: `${wing}/store/a.ts`, imports: ['../lake/lake-layout.ts'] },
      { file: `${wing}/views/a.ts`, imports: [{ specifier: '../local-ledger.ts', kind: 'type' }] },
      { file: `${wing}/sql/a.ts`, imports: ['../export/csv.ts'] },
      { file: `${wing}/export/a.ts`, imports: ['../sync/sync-run.ts'] },
      { file: `${wing}/sync/a.ts`, imports: [{ specifier: '../engine/x.ts', kind: 'dynamic' }] },
      { file: `${wing}/lake/a.ts`, imports: ['../views/leg-filters-sql.ts'] },
      { file: `${wing}/stray/a.ts`, imports: [] },
    ];
    const allowed: SourceFacts[] = [
      { file: `${wing}/lake/fine.ts`, imports: ['../store/leg-access.ts', './lake-layout.ts', '../../errors.ts'] },
      {
        file: `${wing}/sql/fine.ts`,
        imports: ['../views/leg-filters-sql.ts', '../lake/lake-listing.ts', '../store/x.ts'],
      },
      { file: `${wing}/sync/fine.ts`, imports: ['../export/csv.ts', '../reconcile/x.ts', '../store/leg-access.ts'] },
      { file: `${wing}/local-ledger.ts`, imports: ['./sync/sync-run.ts', './engine/x.ts', './entry.ts'] },
      { file: `${wing}/engine/fine.ts`, imports: ['../local-ledger.ts', '../store/ledger-store.ts'] },
    ];
    expect(findWingLayerViolations([...planted, ...allowed], root).map((v) => v.file)).toEqual(
      planted.map((p) => p.file),
    );
  });
});
