import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CookiesDisabledModal } from '../../src/app/components/CookiesDisabledModal.tsx';
import { UpdatePrompt } from '../../src/app/components/UpdatePrompt.tsx';
import { BrowserTooOldAlert } from '../../src/app/components/BrowserTooOldAlert.tsx';
import { swUpdate } from '../../src/app/lib/pwa/sw-update.ts';

const wrap = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('shell notices', () => {
  it('offers the update once a new service worker is waiting, and can be postponed', async () => {
    wrap(<UpdatePrompt />);
    expect(screen.queryByText('发现新版本')).toBeNull();
    act(() => swUpdate.set({ waiting: true }));
    expect(await screen.findByText('发现新版本')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即更新' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '稍后' }));
    expect(screen.queryByText('发现新版本')).toBeNull();
  });

  it('tells the user when cookies are disabled, with 知道了', async () => {
    wrap(<CookiesDisabledModal cookieEnabled={false} />);
    expect(await screen.findByText(/浏览器已禁用 Cookie/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByText(/浏览器已禁用 Cookie/)).toBeNull();
  });

  it('shows nothing when cookies are enabled', () => {
    wrap(<CookiesDisabledModal cookieEnabled />);
    expect(screen.queryByText(/Cookie/)).toBeNull();
  });

  it('shows a dismissible too-old alert for Chrome below 66', () => {
    wrap(<BrowserTooOldAlert userAgent="Mozilla/5.0 Chrome/60.0.0.0 Safari/537.36" />);
    expect(screen.getByText('浏览器版本过低')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    expect(screen.queryByText('浏览器版本过低')).toBeNull();
  });
});
