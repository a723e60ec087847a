// The theme's CSS variables and global classes ship as CSS (src/app/theme.generated.css, checked
// against Mantine's own output by tests/unit/theme-css.test.ts): the app's provider computes and
// injects none at run time.
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/App.tsx';

describe('theme CSS', () => {
  it('comes with the stylesheets: the provider renders no style element of its own', () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <main>大厅</main>
      </AppProviders>,
    );
    expect(screen.getByRole('main').textContent).toBe('大厅');
    expect(document.querySelectorAll('style[data-mantine-styles]')).toHaveLength(0);
  });
});
