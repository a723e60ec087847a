// Escape closes only the topmost overlay. The autobet overlays sit above overlay routes, and Mantine
// closes every open modal on Escape through capturing window listeners; this one is registered when
// the shell loads, before any modal's, and takes the key for the autobet overlay alone. The order
// detail opens above it and handles the key itself while its `?order=` is present.
let closeAutobet: (() => void) | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || !closeAutobet) return;
      if (new URLSearchParams(window.location.search).has('order')) return;
      event.stopImmediatePropagation();
      closeAutobet();
    },
    { capture: true },
  );
}

export function takeEscapeForAutobet(close: () => void): () => void {
  closeAutobet = close;
  return () => {
    if (closeAutobet === close) closeAutobet = null;
  };
}
