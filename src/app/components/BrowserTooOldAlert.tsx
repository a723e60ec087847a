import { Alert } from '@mantine/core';
import { useState } from 'react';
import { isBrowserTooOld } from '../lib/platform.ts';

const DISMISSED_KEY = 'jinli-browser-alert-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Spec §1: a dismissible alert for Chrome below 66, or Android below 9 inside the mobile app. */
export function BrowserTooOldAlert({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const [visible, setVisible] = useState(() => isBrowserTooOld(userAgent) && !wasDismissed());
  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Dismissal only lasts for this page then.
    }
  };
  return (
    <Alert color="yellow" title="浏览器版本过低" withCloseButton closeButtonLabel="关闭提示" onClose={dismiss} radius={0}>
      您的浏览器版本过低，部分功能可能无法正常使用，建议升级到最新版本的浏览器。
    </Alert>
  );
}
