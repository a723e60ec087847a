// The first route's share of src/shared (the API's schemas, which zod builds as they evaluate),
// imported by main.tsx on its own so that it evaluates in a task before the app's code (vite.config.ts
// gives it a chunk of its own). zod's configuration comes first: evaluating the schemas parses a few
// constants, and an unconfigured zod probes `eval`, which the Content-Security-Policy refuses.
import './lib/zod-config.ts';

export { LatestResultsSchema } from '../shared/api/draws.ts';
