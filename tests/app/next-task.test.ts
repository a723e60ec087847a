// inNextTask (src/app/lib/next-task.ts): each callback runs once, later, in its own task and in order;
// a cancelled one does not run.
import { expect, it } from 'vitest';
import { inNextTask } from '../../src/app/lib/next-task.ts';

it('runs callbacks after the current task, each in a task of its own, in order; a cancelled one never', async () => {
  const ran: string[] = [];
  inNextTask(() => {
    ran.push('a');
    // A microtask queued by one callback runs before the next callback: they are separate tasks.
    queueMicrotask(() => ran.push('a:microtask'));
  });
  const cancel = inNextTask(() => ran.push('cancelled'));
  inNextTask(() => ran.push('b'));
  cancel();
  ran.push('now');
  await new Promise<void>((resolve) => inNextTask(resolve));
  expect(ran).toEqual(['now', 'a', 'a:microtask', 'b']);
});
