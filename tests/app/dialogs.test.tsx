// The two dialogs that must work when nothing else loads (spec §8): the network-error modal a failed
// route shows (retry loads it again) and the startup-failure modal (cannot be closed, only refreshed).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, AppProviders } from '../../src/app/App.tsx';
import { RouteErrorPage } from '../../src/app/components/RouteErrorPage.tsx';
import { NetworkError } from '../../src/app/lib/api/errors.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import type { AppRouter } from '../../src/app/router.tsx';

beforeEach(() => {
  // The router logs every failed load; the failures here are on purpose.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page whose loader fails with `failures` in turn, then succeeds. */
async function renderFailingRoute(failures: Error[]) {
  let calls = 0;
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    loader: (): string => {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return '页面内容已加载';
    },
    component: function Page() {
      return <p>{String(page.useLoaderData())}</p>;
    },
    errorComponent: RouteErrorPage,
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const queryClient = createQueryClient();
  await act(async () => {
    await router.load();
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls: () => calls };
}

describe('network-error modal (spec §8)', () => {
  it('a route whose data failed on the network: 网络错误, and 重试 loads the route again', async () => {
    const view = await renderFailingRoute([new NetworkError()]);
    const dialog = await screen.findByTestId('network-error');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('网络错误');
    expect(within(dialog).getByText('因网络不稳定，页面内容加载失败，请稍后重试')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['重试']);
    expect(view.calls()).toBe(1);

    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('页面内容已加载')).toBeTruthy();
    expect(view.calls()).toBe(2);
    expect(screen.queryByTestId('network-error')).toBeNull();
  });

  it('a lazy chunk that could not be fetched gets the same modal; a retry that fails again keeps it', async () => {
    const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/page-abc.js');
    const view = await renderFailingRoute([chunkError(), chunkError()]);
    fireEvent.click(within(await screen.findByTestId('network-error')).getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(view.calls()).toBe(2));
    expect(await screen.findByTestId('network-error')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('network-error')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('页面内容已加载')).toBeTruthy();
  });

  it('any other failure is no network error: the error page, not the modal', async () => {
    await renderFailingRoute([new Error('boom')]);
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(screen.queryByTestId('network-error')).toBeNull();
  });
});

describe('startup-failure modal (spec §4, §8)', () => {
  async function renderFailedStartup() {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const router = { never: 'rendered' } as unknown as AppRouter;
    await act(async () => {
      render(<App queryClient={createQueryClient()} router={router} startup={Promise.reject(new NetworkError())} />);
    });
    return { reload, dialog: await screen.findByTestId('startup-failed') };
  }

  it('says the page failed to load because of the network and offers only 刷新, which reloads', async () => {
    const { reload, dialog } = await renderFailedStartup();
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading').textContent).toBe('加载失败');
    expect(within(dialog).getByText('因网络问题，页面加载失败，请刷新页面')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['刷新']);
    expect(document.activeElement?.textContent).toBe('刷新');
    fireEvent.click(within(dialog).getByRole('button', { name: '刷新' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.appState).toBe('failed');
  });

  it('cannot be closed: no close button, Escape and a click outside leave it open', async () => {
    const { dialog, reload } = await renderFailedStartup();
    expect(within(dialog).queryByRole('button', { name: /关闭|close/i })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(dialog.parentElement!);
    fireEvent.click(dialog.parentElement!);
    expect(screen.getByTestId('startup-failed')).toBe(dialog);
    expect(reload).not.toHaveBeenCalled();
  });
});
