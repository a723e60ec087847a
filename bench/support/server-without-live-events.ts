// Diagnostic only — NOT how the platform runs: the real server (src/server/main.ts's startServer,
// same configuration from the environment) with EventHub#publish turned into a no-op, so that no
// live event is appended to the outbox. The placement bench runs it next to the real server to
// show how much of the request rate the outbox append costs.
import { EventHub } from '../../src/server/events/hub.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';

EventHub.prototype.publish = async () => {};

const server = await startServer(loadConfig());
const stop = () => void server.close().then(() => process.exit(0), () => process.exit(1));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
