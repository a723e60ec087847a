// Demo data for the assistant (issue 21): nothing to add. Its settings row (built-in adapter, 10 a
// minute, 100 a day) comes with migration 0035, and the built-in adapter answers from the content
// and the engine that are already there.
import type pg from 'pg';

export async function seedDemoAssistant(_pool: pg.Pool): Promise<void> {}
