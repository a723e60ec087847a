// `beforeinstallprompt` fires once, usually soon after load and long before the player opens
// /download, so it is captured from the start (early-install-prompt.ts, by main.tsx) and kept here.
import { createSimpleStore } from '../store/simple-store.ts';
import type { EarlyInstallPrompt } from './early-install-prompt.ts';

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

export const installState = createSimpleStore<InstallState>({ prompt: null, installed: false });

/** `early`: what main.tsx caught before this module had evaluated. */
export function captureInstallPrompt(target: Window = window, early: EarlyInstallPrompt = { prompt: null, installed: false }): void {
  if (early.prompt || early.installed) installState.set({ prompt: early.prompt as BeforeInstallPromptEvent | null, installed: early.installed });
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installState.set((state) => ({ ...state, prompt: event as BeforeInstallPromptEvent }));
  });
  target.addEventListener('appinstalled', () => {
    installState.set({ prompt: null, installed: true });
  });
}

/** Must run inside a click handler; a prompt event can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = installState.get().prompt;
  if (!event) return 'unavailable';
  installState.set((state) => ({ ...state, prompt: null }));
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installState.set({ prompt: null, installed: true });
  return outcome;
}
