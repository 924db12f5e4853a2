import { printTable } from './bench-kit.ts';
import { exportBench } from './export-bench.ts';

printTable('export', await exportBench());
