// A callback in a task of its own after the current one, as `setTimeout(callback, 0)` would run it but
// without a browser timer: arming and clearing timers was a measurable part of the first load's long
// tasks on a phone (docs/pwa.md, issue 18 item 8). Each callback is one message, so each runs in its
// own task and the browser may paint or handle input between them.

type Cancel = () => void;

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

function port(): MessagePort {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    // Under Node (the component tests) an open port would keep the process alive.
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  return channel.port2;
}

/** Runs `callback` in a later task; the returned function cancels it if it has not run. */
export function inNextTask(callback: () => void): Cancel {
  if (typeof MessageChannel === 'undefined') {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  let pending = true;
  waiting.push(() => {
    if (pending) callback();
    pending = false;
  });
  port().postMessage(null);
  return () => {
    pending = false;
  };
}

/** Resolves in a later task of its own: `await nextTask()` ends the current task's share of the work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}
