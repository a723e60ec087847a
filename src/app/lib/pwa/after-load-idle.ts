// Runs `work` once the page has loaded and the main thread is idle (at the latest `timeoutMs` after
// the load): for work the first screen does not need, such as the service worker's registration.
export function afterLoadWhenIdle(work: () => void, timeoutMs = 5_000): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
    else setTimeout(work, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
