// Draw history for chart tests: a fresh database only has the issues drawn since the server started,
// so past 分分彩 (UUFFC) issues are written straight into `draw_issues` as settled, ending well before
// now (the scheduler only creates issues that are still to come, so nothing collides).
// UUFFC draws every minute: draw n (1…1440) of a Beijing sales day at 00:00 + n minutes, 期号 = date + n
// in four digits (docs/draws.md).
import pg from 'pg';

const MINUTE = 60_000;
const BEIJING_OFFSET = 8 * 3_600_000;

function uuffcIssue(drawAt: number): { issueNumber: string; salesDay: string; sequence: number } {
  const beijing = drawAt + BEIJING_OFFSET;
  const minutes = Math.round((beijing % 86_400_000) / MINUTE);
  const dayStart = beijing - minutes * MINUTE - (minutes === 0 ? 86_400_000 : 0);
  const salesDay = new Date(dayStart).toISOString().slice(0, 10);
  const sequence = minutes === 0 ? 1440 : minutes;
  return { issueNumber: `${salesDay.replaceAll('-', '')}${String(sequence).padStart(4, '0')}`, salesDay, sequence };
}

/** Writes `count` settled UUFFC issues ending `gapMinutes` before now; returns how many were new. */
export async function seedUuffcHistory(databaseUrl: string, count: number, gapMinutes = 15): Promise<number> {
  const lastDraw = Math.floor((Date.now() - gapMinutes * MINUTE) / MINUTE) * MINUTE;
  const rows = Array.from({ length: count }, (_, i) => {
    const drawAt = lastDraw - (count - 1 - i) * MINUTE;
    return { drawAt, ...uuffcIssue(drawAt), result: Array.from({ length: 5 }, () => Math.floor(Math.random() * 10)) };
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const inserted = await client.query(
      `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result,
                                result_source, drawn_at, settled_at)
       SELECT 'UUFFC', n, d::date, s, to_timestamp((w - 60000) / 1000.0), to_timestamp((w - 30000) / 1000.0), to_timestamp(w / 1000.0),
              'SETTLED', string_to_array(r, ',')::int[], 'platform', to_timestamp(w / 1000.0), to_timestamp(w / 1000.0)
         FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[], $5::text[]) AS i(n, d, s, w, r)
       ON CONFLICT (draw_type, issue_number) DO NOTHING`,
      [
        rows.map((r) => r.issueNumber),
        rows.map((r) => r.salesDay),
        rows.map((r) => r.sequence),
        rows.map((r) => r.drawAt),
        rows.map((r) => r.result.join(',')),
      ],
    );
    return inserted.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Writes `count` settled 重庆时时彩 (CQSSC) issues on a sales day `daysAgo` days back (期号 = date + NNN,
 * one every 20 minutes from 07:30 Beijing), so its chart has a history on a fresh database. Returns the
 * results written, newest first.
 */
export async function seedCqsscHistory(databaseUrl: string, count: number, daysAgo = 20): Promise<number[][]> {
  const day = new Date(Date.now() + BEIJING_OFFSET - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const firstDraw = Date.parse(`${day}T07:30:00+08:00`);
  const rows = Array.from({ length: count }, (_, i) => ({
    issueNumber: `${day.replaceAll('-', '')}${String(i + 1).padStart(3, '0')}`,
    sequence: i + 1,
    drawAt: firstDraw + i * 20 * MINUTE,
    result: Array.from({ length: 5 }, () => Math.floor(Math.random() * 10)),
  }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result,
                                result_source, drawn_at, settled_at)
       SELECT 'CQSSC', n, $2::date, s, to_timestamp((w - 1200000) / 1000.0), to_timestamp((w - 60000) / 1000.0), to_timestamp(w / 1000.0),
              'SETTLED', string_to_array(r, ',')::int[], 'feed', to_timestamp(w / 1000.0), to_timestamp(w / 1000.0)
         FROM unnest($1::text[], $3::int[], $4::bigint[], $5::text[]) AS i(n, s, w, r)
       ON CONFLICT (draw_type, issue_number) DO NOTHING`,
      [rows.map((r) => r.issueNumber), day, rows.map((r) => r.sequence), rows.map((r) => r.drawAt), rows.map((r) => r.result.join(','))],
    );
  } finally {
    await client.end();
  }
  return rows.map((r) => r.result).reverse();
}
