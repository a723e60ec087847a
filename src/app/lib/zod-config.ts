// The PWA runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md). On its first
// object parse zod 4 would probe `new Function` to choose compiled parsers; the browser reports that
// refused probe as a violation even though zod catches it. The interpreted parsers are fast enough
// for the PWA's few answers a second. Evaluated first in the chunk of the API's schemas
// (src/app/schemas.ts), before anything parses.
import { z } from 'zod';

z.config({ jitless: true });
