// Whether a new service worker waits to take over (the shell's 发现新版本 prompt reads it). Apart from
// service-worker.ts so that the first route does not carry workbox-window: the worker is registered
// after the first render.
import { createSimpleStore } from '../store/simple-store.ts';

export const swUpdate = createSimpleStore<{ waiting: boolean }>({ waiting: false });
