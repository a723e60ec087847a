// One API process of the cluster (cluster/primary.ts forks it): the primary has already checked the
// port and the database, migrated and seeded, so it only builds the app on its own pool and listens
// on the shared port. SIGTERM (from the primary) or SIGINT (Ctrl-C reaches the whole process group)
// closes it gracefully.
import { loadConfig } from '../config.ts';
import { startServer } from '../main.ts';
import { startupFailureLine } from '../startup/errors.ts';
import type { WorkerMessage } from './messages.ts';

const tell = (message: WorkerMessage) => process.send?.(message);

try {
  const server = await startServer(loadConfig(), { prepared: true });
  const stop = () => {
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  tell({ type: 'jinli:listening', url: server.url });
} catch (error) {
  tell({ type: 'jinli:failed', line: startupFailureLine(error) ?? String((error as Error)?.stack ?? error) });
  process.exit(1);
}
