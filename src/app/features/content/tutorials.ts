// The tutorial routes' definitions live with the content API contract (the back office lists them too).
export { TUTORIALS, tutorialContentKey, tutorialHasTab } from '../../../shared/api/tutorials.ts';
export type { TutorialDefinition, TutorialName, TutorialTab } from '../../../shared/api/tutorials.ts';
