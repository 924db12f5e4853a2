// Component tests read window.ledger (the fake bridge). The renderer declares it (a global Window
// augmentation in src-renderer/data/bridge.ts); bringing that module into this project makes the
// declaration visible to every renderer test.
import type {} from '../../../src-renderer/data/bridge.ts';
