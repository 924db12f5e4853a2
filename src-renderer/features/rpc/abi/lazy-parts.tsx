// The contract form and the decoder bring viem (about 100 KB): both are loaded the first time they
// are needed, so the first screen's bundle does not carry them.
import { lazy } from 'react';

export const LazyContractPanel = lazy(() => import('./contract-panel.tsx'));
export const LazyDecodedPanel = lazy(() => import('./decoded-panel.tsx'));
