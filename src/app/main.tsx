// The app's code evaluates in steps, each a task of its own. Evaluating a module graph is one task,
// whatever its size: the whole first route at once was the longest task of the first load on a phone
// (docs/pwa.md, issue 18 item 8). First listen for the install prompt (it can fire long before
// /download is opened), then evaluate React, the rest of the framework, the API's schemas (the chunk of
// src/shared the first route needs, with zod: vite.config.ts), then the app, then boot it.
import { listenForInstallPromptEarly, takeEarlyInstallPrompt } from './lib/pwa/early-install-prompt.ts';

listenForInstallPromptEarly();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('./react.ts');
  await nextTask();
  await import('./framework.ts');
  await nextTask();
  await import('./schemas.ts');
  await nextTask();
  const { boot } = await import('./boot.tsx');
  await nextTask();
  await boot(takeEarlyInstallPrompt);
}

void start();
