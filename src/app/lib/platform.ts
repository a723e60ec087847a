// What the user agent tells us, for the browser-too-old alert and the install guidance. Pure
// functions of the UA string so they are testable.

/** The operator's mobile app wraps the site in a WebView whose UA carries this token. */
export const APP_WEBVIEW_TOKEN = 'JinliApp';

export function chromeMajor(ua: string): number | null {
  const match = /(?:Chrome|CriOS)\/(\d+)/.exec(ua);
  return match ? Number(match[1]) : null;
}

export function androidMajor(ua: string): number | null {
  const match = /Android (\d+)/.exec(ua);
  return match ? Number(match[1]) : null;
}

export function isAppWebView(ua: string): boolean {
  return ua.includes(APP_WEBVIEW_TOKEN);
}

/** Spec §1: Chrome below 66, or Android below 9 inside the mobile app. */
export function isBrowserTooOld(ua: string): boolean {
  const chrome = chromeMajor(ua);
  if (chrome !== null && chrome < 66 && !/Edg\//.test(ua)) return true;
  const android = androidMajor(ua);
  return isAppWebView(ua) && android !== null && android < 9;
}

export function isIos(ua: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
}

export type InAppBrowser = 'wechat' | 'qq' | 'weibo' | 'alipay' | 'douyin' | 'other-app';

/** Chinese in-app browsers cannot install a web app; the player must open the page in a real browser. */
export function inAppBrowser(ua: string): InAppBrowser | null {
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/\bQQ\//.test(ua)) return 'qq';
  if (/Weibo/i.test(ua)) return 'weibo';
  if (/AlipayClient/i.test(ua)) return 'alipay';
  if (/aweme|BytedanceWebview/i.test(ua)) return 'douyin';
  if (isAppWebView(ua)) return 'other-app';
  return null;
}

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}
