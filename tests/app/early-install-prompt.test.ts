// main.tsx listens for the install prompt before the app's code has evaluated; the app takes over what
// came in between, and from then on only its own listener answers.
import { describe, expect, it } from 'vitest';
import { listenForInstallPromptEarly, takeEarlyInstallPrompt } from '../../src/app/lib/pwa/early-install-prompt.ts';
import { captureInstallPrompt, installState } from '../../src/app/lib/pwa/install-prompt.ts';

describe('install prompt before the app has evaluated', () => {
  it('keeps an event that came early and hands it to the app, whose listener then takes over', () => {
    const target = new EventTarget() as unknown as Window;
    listenForInstallPromptEarly(target);
    const early = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    captureInstallPrompt(target, takeEarlyInstallPrompt());
    expect(installState.get().prompt).toBe(early);

    const later = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(later);
    expect(installState.get().prompt).toBe(later);
    // The early listener is gone: what it holds no longer changes.
    expect(takeEarlyInstallPrompt().prompt).toBe(early);
  });
});
