// Writes docs/lottery/regular-methods.md from the engine's registry (run: node --import tsx scripts/generate-regular-table.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderRegularMethodsTable } from '../src/shared/lottery/regular/methods-table.ts';

const target = fileURLToPath(new URL('../docs/lottery/regular-methods.md', import.meta.url));
writeFileSync(target, renderRegularMethodsTable());
process.stdout.write(`wrote ${target}\n`);
