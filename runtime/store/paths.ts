/** Where a site's files live under its data folder; the server and the CLI agree through this. */
import path from 'node:path';

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'specpress.sqlite');
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
