// The install prompt's events as they come before the app's code has evaluated: main.tsx listens at
// once (this module imports nothing and nothing of the app imports it, so the entry chunk stays small)
// and hands them to boot.tsx, which gives them to install-prompt.ts.

export interface EarlyInstallPrompt {
  prompt: Event | null;
  installed: boolean;
}

let early: EarlyInstallPrompt = { prompt: null, installed: false };
let stop: (() => void) | null = null;

export function listenForInstallPromptEarly(target: Window = window): void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    early = { ...early, prompt: event };
  };
  const onInstalled = () => {
    early = { prompt: null, installed: true };
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  stop = () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** What came before the app listened itself; stops the early listener. */
export function takeEarlyInstallPrompt(): EarlyInstallPrompt {
  stop?.();
  stop = null;
  return early;
}
