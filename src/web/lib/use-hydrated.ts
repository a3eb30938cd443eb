import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and while the browser takes over the server's HTML; true after that. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
