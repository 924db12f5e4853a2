// The contract form and the decoder bring viem (about 100 KB): both are loaded the first time they
// are needed, so the first screen's bundle does not carry them.
import { lazy } from 'react';
import { loadChunk } from '../../../chunk-gate.ts';

export const LazyContractPanel = lazy(() => loadChunk(() => import('./contract-panel.tsx')));
export const LazyDecodedPanel = lazy(() => loadChunk(() => import('./decoded-panel.tsx')));
