import type { AnyRouter } from '@tanstack/react-router';
import { createContext, useContext } from 'react';

export type BackgroundRouterFactory = (href: string) => AnyRouter;

export const BackgroundRouterContext = createContext<BackgroundRouterFactory | null>(null);

export function useBackgroundRouterFactory(): BackgroundRouterFactory | null {
  return useContext(BackgroundRouterContext);
}
