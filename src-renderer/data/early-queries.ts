// What the first screen asks main for, asked before React's first render: the app info and the
// settings at once, then the active profile's nodes, known parties and secret status as soon as the
// settings say which profile that is. The screen's hooks then find them in the cache (the same
// query options), instead of each asking only after the first render had mounted it (issue 39: the
// cold load to interactive; about 200 ms of a 1.1 s load were the first render before any call left).
import type { QueryClient } from '@tanstack/react-query';
import { appInfoQuery } from './app.ts';
import { secretStatusQuery } from './secrets.ts';
import { settingsQuery } from './settings.ts';
import { knownPartiesQuery, nodeChoicesQuery } from './transfers.ts';

export function startEarlyQueries(client: QueryClient): void {
  void client.prefetchQuery(appInfoQuery());
  // A failure is the screen's to show: its own hook asks again and says why.
  client.fetchQuery(settingsQuery()).then(
    (view) => {
      const profileId = view.settings.activeProfileId;
      if (!profileId) return;
      void client.prefetchQuery(nodeChoicesQuery(profileId));
      void client.prefetchQuery(knownPartiesQuery(profileId));
      void client.prefetchQuery(secretStatusQuery(profileId));
    },
    () => {},
  );
}
