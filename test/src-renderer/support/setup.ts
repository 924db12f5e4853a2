// Setup for the component project (happy-dom): every test starts with a fresh default fake
// bridge on window.ledger and an empty document, so no test sees another's bridge or DOM.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { useLocalScreenStore } from '../../../src-renderer/features/local-ledger/local-screen-store.ts';
import { installFakeBridge, uninstallFakeBridge } from '../../fixtures/fake-bridge.ts';
import { clearQueryClients } from './render-with-app.tsx';

// findBy*/waitFor wait on the DOM (a signal), with this budget: Testing Library's 1 s default was
// shorter than a lazy chunk (viem's decoder) takes to load on a busy 2-core CI machine, and a
// test failed there while the app was only slow. A wait that finds its element returns at once.
configure({ asyncUtilTimeout: 8_000 });

beforeEach(() => {
  installFakeBridge();
  // The Local ledger's tab outlives its screen (a reload keeps it): each test opens on the first.
  useLocalScreenStore.setState(useLocalScreenStore.getInitialState(), true);
});

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  clearQueryClients();
  uninstallFakeBridge();
});
