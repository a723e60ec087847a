import { NavigationMemory } from './navigation-memory.ts';

/** One per page load: which page each overlay entry was opened over. */
export const navigationMemory = new NavigationMemory();
