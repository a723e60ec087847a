import { describe, expect, it } from 'vitest';
import { installGuide } from '../../src/app/features/download/DownloadPage.tsx';
import { effectiveAuthMode, validateAuthSearch } from '../../src/app/features/session/auth-modal.ts';
import { trialHref } from '../../src/app/features/session/trial.ts';
import { captureReferral } from '../../src/app/features/startup/referral.ts';
import { inAppBrowser, isBrowserTooOld, isIos } from '../../src/app/lib/platform.ts';
import { isChunkLoadError, shouldReloadForChunkError } from '../../src/app/lib/pwa/chunk-reload.ts';
import { PreferenceStore } from '../../src/app/lib/preferences/store.ts';
import { createStore } from 'idb-keyval';

const CHROME_65 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/65.0.3325.181 Safari/537.36';
const CHROME_120 = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const APP_ANDROID_8 = 'Mozilla/5.0 (Linux; Android 8.1.0; wv) AppleWebKit/537.36 Chrome/120.0.0.0 Mobile Safari/537.36 JinliApp/2.1';
const BROWSER_ANDROID_8 = 'Mozilla/5.0 (Linux; Android 8.1.0) AppleWebKit/537.36 Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WECHAT = `${CHROME_120} MicroMessenger/8.0.40`;

describe('browser-too-old alert (spec §1)', () => {
  it('flags Chrome below 66 and Android below 9 inside the app only', () => {
    expect(isBrowserTooOld(CHROME_65)).toBe(true);
    expect(isBrowserTooOld(CHROME_120)).toBe(false);
    expect(isBrowserTooOld(APP_ANDROID_8)).toBe(true);
    expect(isBrowserTooOld(BROWSER_ANDROID_8)).toBe(false);
    expect(isBrowserTooOld(IPHONE)).toBe(false);
  });
});

describe('install guidance on /download', () => {
  const base = { maxTouchPoints: 0, standalone: false, installed: false, canPrompt: false };
  it('picks the prompt, iOS steps, in-app guidance, manual hint or installed', () => {
    expect(installGuide({ ...base, userAgent: CHROME_120, canPrompt: true })).toBe('prompt');
    expect(installGuide({ ...base, userAgent: IPHONE })).toBe('ios');
    expect(installGuide({ ...base, userAgent: WECHAT, canPrompt: true })).toBe('in-app');
    expect(installGuide({ ...base, userAgent: CHROME_120 })).toBe('manual');
    expect(installGuide({ ...base, userAgent: CHROME_120, standalone: true })).toBe('installed');
    expect(inAppBrowser(WECHAT)).toBe('wechat');
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
  });
});

describe('reload after a failed chunk', () => {
  it('reloads once when online, never in a loop and never offline', () => {
    expect(shouldReloadForChunkError(100_000, null, true)).toBe(true);
    expect(shouldReloadForChunkError(100_000, 95_000, true)).toBe(false);
    expect(shouldReloadForChunkError(100_000, 50_000, true)).toBe(true);
    expect(shouldReloadForChunkError(100_000, null, false)).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('auth modal search and referral', () => {
  it('accepts only known modes and same-site redirects', () => {
    expect(validateAuthSearch({ auth: 'login', redirect: '/account/center' })).toEqual({ auth: 'login', redirect: '/account/center' });
    expect(validateAuthSearch({ auth: 'login', redirect: '//evil.example' })).toEqual({ auth: 'login' });
    expect(validateAuthSearch({ auth: 'admin' })).toEqual({});
    expect(validateAuthSearch({ redirect: '/x' })).toEqual({});
    expect(effectiveAuthMode('register', false)).toBe('login');
    expect(effectiveAuthMode('register', true)).toBe('register');
  });

  it('stores a registerId from the URL with its domain and source', () => {
    const store = new PreferenceStore({ idbStore: () => createStore('referral-test', 'p'), storage: null });
    captureReferral(new URL('https://a.jinli.example/?registerId=demo-reg&source=qq'), store);
    expect(store.get('registrationId')).toBe('demo-reg');
    expect(store.get('referralDomain')).toBe('a.jinli.example');
    expect(store.get('referralSource')).toBe('qq');
    expect(trialHref('demo-reg', 'qq')).toBe('/trial/demo-reg?referral=qq');
  });
});

describe('install prompt captured before /download opens', () => {
  it('keeps the event, prompts once from a click and records the outcome', async () => {
    const { captureInstallPrompt, installState, promptInstall } = await import('../../src/app/lib/pwa/install-prompt.ts');
    const target = new EventTarget() as unknown as Window;
    captureInstallPrompt(target);
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
    };
    let prompted = 0;
    event.prompt = async () => {
      prompted += 1;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installState.get().prompt).toBe(event);
    await expect(promptInstall()).resolves.toBe('accepted');
    expect(prompted).toBe(1);
    expect(installState.get()).toEqual({ prompt: null, installed: true });
    await expect(promptInstall()).resolves.toBe('unavailable');
  });
});
