import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false keeps a query out of the IndexedDB cache (decisions §7). */
      persist?: boolean;
      /** How long persisted data stays worth restoring (ms); the whole cache's maxAge when absent. */
      persistForMs?: number;
    };
  }
}
