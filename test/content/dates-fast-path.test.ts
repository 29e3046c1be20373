/**
 * runtime/content/dates.ts writes and reads the stored date form by hand rather than through
 * luxon's format strings. Here both ways meet on many dates: every hour around the daylight
 * saving changes of several zones (the skipped and the repeated hour included), random dates
 * over four centuries, fixed offsets, and inputs that are not dates at all.
 */
import { describe, expect, it } from 'vitest';
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { gmtFromLocal, gmtNow, localFromGmt, parseMysql, toMysql } from '../../runtime/content/dates.ts';

const MYSQL = 'yyyy-MM-dd HH:mm:ss';
const ZONES: Zone[] = [
  IANAZone.create('America/New_York'),
  IANAZone.create('Europe/Berlin'),
  IANAZone.create('Australia/Lord_Howe'),
  IANAZone.create('Asia/Kathmandu'),
  IANAZone.create('Pacific/Apia'),
  FixedOffsetZone.instance(0),
  FixedOffsetZone.instance(330),
  FixedOffsetZone.instance(-570),
];
const luxonLocalFromGmt = (gmt: string, zone: Zone) => DateTime.fromFormat(gmt, MYSQL, { zone: 'utc' }).setZone(zone).toFormat(MYSQL);
const luxonGmtFromLocal = (local: string, zone: Zone) => DateTime.fromFormat(local, MYSQL, { zone }).setZone('utc').toFormat(MYSQL);

function samples(): string[] {
  const out: string[] = [];
  // Every half hour over the days around each zone's changes in 2026 (and 2011, when Samoa skipped a day).
  for (const day of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2011-12-29']) {
    const start = DateTime.fromISO(`${day}T00:00:00`, { zone: 'utc' }).minus({ days: 1 });
    for (let i = 0; i < 48 * 3; i++) out.push(start.plus({ minutes: 30 * i }).toFormat(MYSQL));
  }
  // Seeded random dates from 1800 to 2200.
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 2_000; i++) out.push(DateTime.fromMillis(Date.UTC(1800, 0, 1) + next() * 400 * 365.25 * 86_400_000, { zone: 'utc' }).toFormat(MYSQL));
  return out;
}

describe('dates without format strings', () => {
  // A fixed amount of work (30,000+ comparisons through luxon), not a speed test: the bound is
  // generous, since a loaded machine (CI running both engines at once) took over 30 s.
  it('convert GMT to local and back as luxon does, in every zone', () => {
    let compared = 0;
    const texts = samples();
    for (const zone of ZONES) {
      for (const text of texts) {
        expect(localFromGmt(text, zone), `${text} in ${zone.name}`).toBe(luxonLocalFromGmt(text, zone));
        expect(gmtFromLocal(text, zone), `${text} in ${zone.name}`).toBe(luxonGmtFromLocal(text, zone));
        compared += 2;
      }
    }
    expect(compared).toBeGreaterThan(30_000);
  }, 300_000);

  it('answer what luxon answers for what is not a stored date', () => {
    for (const text of ['', '0000-00-00 00:00:00', '2026-02-30 10:00:00', '2026-13-01 00:00:00', '2026-01-01T00:00:00', '2026-1-1 0:0:0', '2026-01-01 24:00:00', ' 2026-01-01 00:00:00', 'garbage']) {
      for (const zone of [ZONES[0]!, ZONES[5]!]) {
        expect(localFromGmt(text, zone), JSON.stringify(text)).toBe(luxonLocalFromGmt(text, zone));
        expect(gmtFromLocal(text, zone), JSON.stringify(text)).toBe(luxonGmtFromLocal(text, zone));
        expect(parseMysql(text, zone).isValid).toBe(DateTime.fromFormat(text, MYSQL, { zone }).isValid);
      }
    }
  });

  it('write years before 1000 with four digits, and the current time as luxon writes it', () => {
    const early = DateTime.fromObject({ year: 33, month: 4, day: 3, hour: 15 }, { zone: 'utc' });
    expect(toMysql(early)).toBe(early.toFormat(MYSQL));
    const now = new Date();
    expect(gmtNow(now)).toBe(DateTime.fromJSDate(now, { zone: 'utc' }).toFormat(MYSQL));
    expect(gmtNow(new Date(Number.NaN))).toBe(DateTime.fromJSDate(new Date(Number.NaN), { zone: 'utc' }).toFormat(MYSQL));
  });
});
