import { printTable } from './bench-kit.ts';
import { pageStackBench } from './page-stack-bench.ts';

printTable('page through the stack', await pageStackBench());
