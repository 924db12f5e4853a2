// page.evaluate callbacks run inside the app, where window.ledger exists. The renderer declares it
// (a global Window augmentation in src-renderer/data/bridge.ts); bringing that module into this
// project makes the declaration visible to every e2e and bench file.
import type {} from '../../src-renderer/data/bridge.ts';
