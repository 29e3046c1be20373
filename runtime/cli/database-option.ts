/**
 * `--database <url>` (or DATABASE_URL) for every command that touches the site's data: a
 * `postgres://user@host/db` URL, or a SQLite file path. Without either, the site's embedded
 * SQLite file under `--data` is used, as it always was.
 */
import { Option } from 'commander';
import { databaseFile } from '../store/paths.ts';

export function databaseOption(): Option {
  return new Option('--database <url>', 'database: postgres://user@host/db, or a SQLite file (default: specpress.sqlite under --data)').env('DATABASE_URL');
}

export function databaseTarget(opts: { data: string; database?: string }): string {
  return opts.database?.trim() || databaseFile(opts.data);
}
