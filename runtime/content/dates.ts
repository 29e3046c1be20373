/**
 * Dates as WordPress keeps them: 'YYYY-MM-DD HH:MM:SS' text, once in the site's timezone and
 * once in GMT. The site timezone comes from the options `timezone_string` (an IANA name) or,
 * when that is empty, `gmt_offset` (hours, may be fractional).
 */
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { getOption } from './options.ts';

/** WordPress's marker for "no GMT date yet" on drafts whose date floats until published. */
export const ZERO_DATE = '0000-00-00 00:00:00';
const MYSQL = 'yyyy-MM-dd HH:mm:ss';

export async function siteZone(db: Kysely<Database>): Promise<Zone> {
  const name = String(await getOption(db, 'timezone_string', '') ?? '');
  if (name && IANAZone.isValidZone(name)) return IANAZone.create(name);
  const offset = Number(await getOption(db, 'gmt_offset', 0)) || 0;
  return FixedOffsetZone.instance(Math.round(offset * 60));
}

const MYSQL_PARTS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The stored form of a date. Written out by hand: luxon's toFormat reads its format string
 * again on every call, and a create formats a date half a dozen times. Years outside 0–9999 and
 * invalid dates keep luxon's own answer (test/content/dates-fast-path.test.ts compares both).
 */
export function toMysql(d: DateTime): string {
  if (!d.isValid || d.year < 0 || d.year > 9999) return d.toFormat(MYSQL);
  return `${String(d.year).padStart(4, '0')}-${two(d.month)}-${two(d.day)} ${two(d.hour)}:${two(d.minute)}:${two(d.second)}`;
}

/** A stored date read in `zone`; the same as luxon's fromFormat with the stored form, without parsing that format each time. */
export function parseMysql(text: string, zone: Zone | 'utc'): DateTime {
  const m = MYSQL_PARTS.exec(text);
  if (!m) return DateTime.fromFormat(text, MYSQL, { zone });
  return DateTime.fromObject({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! }, { zone });
}

export function gmtNow(now: Date): string {
  return toMysql(DateTime.fromJSDate(now, { zone: 'utc' }));
}

export function localFromGmt(gmt: string, zone: Zone): string {
  return toMysql(parseMysql(gmt, 'utc').setZone(zone));
}

export function gmtFromLocal(local: string, zone: Zone): string {
  return toMysql(parseMysql(local, zone).setZone('utc'));
}

/** Stored 'Y-m-d H:i:s' → the REST form 'Y-m-dTH:i:s'; the zero date → null. */
export function restDate(mysql: string): string | null {
  if (!mysql || mysql === ZERO_DATE) return null;
  return mysql.replace(' ', 'T');
}

const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * A request's date → [local, gmt], as WordPress's rest_get_date_with_gmt: a string with an
 * offset is an instant; without one it is wall time in the site zone (`isGmt` false) or in GMT.
 * Returns null when the text is not an RFC 3339 / ISO 8601 date.
 */
export function dateWithGmt(input: string, zone: Zone, isGmt: boolean): [string, string] | null {
  const text = input.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?/.test(text)) return null;
  if (HAS_ZONE.test(text)) {
    const d = DateTime.fromISO(text.replace(' ', 'T'), { setZone: true });
    if (!d.isValid) return null;
    const utc = d.setZone('utc');
    return [toMysql(utc.setZone(zone)), toMysql(utc)];
  }
  const d = DateTime.fromISO(text.replace(' ', 'T'), { zone: isGmt ? 'utc' : zone });
  if (!d.isValid) return null;
  return [toMysql(d.setZone(zone)), toMysql(d.setZone('utc'))];
}

/**
 * A list filter's date (after, before...) → site-local text: WordPress compares these filters
 * with the local columns post_date / post_modified.
 */
export function filterDateToLocal(input: string, zone: Zone): string | null {
  const pair = dateWithGmt(input, zone, false);
  return pair ? pair[0] : null;
}
