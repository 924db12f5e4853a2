import { printTable } from './bench-kit.ts';
import { sandboxBench } from './sandbox-bench.ts';

printTable('sandbox network', await sandboxBench());
