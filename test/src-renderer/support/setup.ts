// Setup for the component project (happy-dom): every test starts with a fresh default fake
// bridge on window.ledger and an empty document, so no test sees another's bridge or DOM.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installFakeBridge, uninstallFakeBridge } from '../../fixtures/fake-bridge.ts';
import { clearQueryClients } from './render-with-app.tsx';

beforeEach(() => {
  installFakeBridge();
});

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  clearQueryClients();
  uninstallFakeBridge();
});
