// The startup requests of spec §4 (current customer, game configuration) start from an inline script
// in index.html while the app's code is still downloading; the API client takes each answer once,
// for the same GET, instead of asking again. Whatever startup has not taken by the time the app is
// initialised is dropped, so a later request never reads an old answer.

/** Paths index.html requests early (kept equal to it by tests/app/early-responses.test.ts). */
export const EARLY_PATHS = ['/ajax/current-customer', '/ajax/enabled-games'] as const;

export interface EarlyResponse {
  status: number;
  ok: boolean;
  text: string;
}

type EarlyStore = Partial<Record<string, Promise<EarlyResponse>>>;

declare global {
  interface Window {
    __jinliEarly?: EarlyStore;
  }
}

function store(): EarlyStore | undefined {
  return typeof window === 'undefined' ? undefined : window.__jinliEarly;
}

/** The early answer for `path`, at most once; undefined when there is none (or it was taken). */
export function takeEarlyResponse(path: string): Promise<EarlyResponse> | undefined {
  const early = store();
  const response = early?.[path];
  if (response) delete early[path];
  return response;
}

export function discardEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__jinliEarly;
}
