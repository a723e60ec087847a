// Escape closes only the topmost overlay. Mantine modals each close on Escape through a capturing
// window listener, so with the order detail open over an overlay route one key press would close
// both. This listener is registered when the shell loads — before any modal's — and, while a detail
// is open, takes the key for the detail alone.
let closeDetail: (() => void) | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || !closeDetail) return;
      event.stopImmediatePropagation();
      closeDetail();
    },
    { capture: true },
  );
}

/** The open detail registers its close action; the returned function unregisters it. */
export function takeEscapeForDetail(close: () => void): () => void {
  closeDetail = close;
  return () => {
    if (closeDetail === close) closeDetail = null;
  };
}
