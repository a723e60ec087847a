import { useRouter } from '@tanstack/react-router';
import type { BackofficePage } from './page.ts';

/** The pages the back office's router was built from (its context; tests build it from their own). */
export function useBackofficePages(): readonly BackofficePage[] {
  return (useRouter().options.context as unknown as { pages: readonly BackofficePage[] }).pages;
}
