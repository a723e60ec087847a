import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy*/waitFor give up after 1 s by default: too short for a lazily loaded modal while the other
// test files share the two cores. A longer wait only matters when the test would fail anyway. 45 s,
// under the project's 60 s test time-out: on a host loaded by other work, the first popup of
// orders-popups took 18 s to appear (CI, 2026-11-28) and failed a 15 s wait.
configure({ asyncUtilTimeout: 45_000 });

// jsdom lacks what Mantine and the router touch.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
