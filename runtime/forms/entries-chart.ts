/**
 * `entries-chart-data`: submissions per day over the last 30 days (today included, in the
 * site's time zone), for the dashboard's chart. Days without entries are answered as zero so
 * the chart has no gaps. Trashed entries are not counted.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { DateTime } from 'luxon';
import { gmtNow, localFromGmt, siteZone } from '../content/dates.ts';
import { asResult } from '../rest/answer.ts';

const DAYS = 30;

/** Takes no params: the last 30 days, always. */
export async function entriesChartData<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const zone = await siteZone(ctx.app.db);
  const today = DateTime.fromJSDate(ctx.app.now()).setZone(zone).startOf('day');
  const first = today.minus({ days: DAYS - 1 });
  const fromGmt = first.toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
  const rows = await ctx.app.db
    .selectFrom('form_entries')
    .select(['created_at'])
    .where('status', '!=', 'trash')
    .where('created_at', '>=', fromGmt)
    .where('created_at', '<=', gmtNow(ctx.app.now()))
    .execute();
  const perDay = new Map<string, number>();
  for (const r of rows) {
    const day = localFromGmt(r.created_at, zone).slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = Array.from({ length: DAYS }, (_, i) => {
    const date = first.plus({ days: i }).toFormat('yyyy-MM-dd');
    return { date, count: perDay.get(date) ?? 0 };
  });
  return asResult<R>({ days, total: rows.length });
}
