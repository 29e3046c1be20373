/**
 * The form suite's global settings (`/formsuite/v1/global-settings`, an option) as the
 * submission reads them, with their defaults. Keys are flat so the option's `secrets` rule can
 * encrypt `smtp_password` at rest:
 * - `honeypot` (default true): the rendered form carries a field people never see; a filled one is a bot.
 * - `rate_limit_per_minute` (default 0, off): submissions per minute from one address.
 * - `notification_to`: where a notification of each entry goes when the form names no address.
 * - `smtp_host`, `smtp_port`, `smtp_secure`, `smtp_user`, `smtp_password`, `email_from`: the mail
 *   server; without `smtp_host`, the `SPECPRESS_SMTP_URL` environment variable (a nodemailer URL).
 */
import { readOption } from '../behaviors/option.ts';
import type { HandlerContext } from '../rest/types.ts';

export const GLOBAL_SETTINGS_KEY = 'formsuite.global-settings';

export interface FormsGlobalSettings {
  honeypot: boolean;
  ratePerMinute: number;
  notificationTo: string;
  /** Stored values as they are (the SMTP password in its encrypted form). */
  raw: Record<string, unknown>;
}

/** WordPress option values arrive as strings as often as booleans. */
function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  return !(value === false || value === 0 || ['0', 'false', 'no', 'off'].includes(String(value).toLowerCase()));
}

export async function formsGlobalSettings(ctx: HandlerContext<unknown>): Promise<FormsGlobalSettings> {
  const stored = await readOption(ctx, { key: GLOBAL_SETTINGS_KEY });
  const raw = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const rate = Number(raw.rate_limit_per_minute ?? 0);
  return {
    honeypot: flag(raw.honeypot, true),
    ratePerMinute: Number.isFinite(rate) && rate > 0 ? Math.floor(rate) : 0,
    notificationTo: typeof raw.notification_to === 'string' ? raw.notification_to : '',
    raw,
  };
}
