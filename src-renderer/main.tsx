// Must stay first: it configures zod before any schema is built (see the module).
import './zod-jitless.ts';
// Tokens and the shared base first: every feature's own CSS (imported by its screen) builds on them.
import './styles/tokens.css';
import './styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app-shell.tsx';
import { startEarlyQueries } from './data/early-queries.ts';
import { createQueryClient } from './data/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const client = createQueryClient();
startEarlyQueries(client);
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
