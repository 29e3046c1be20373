/**
 * Slows password guessing, on the login form and on HTTP Basic (application passwords), with
 * exponential backoff on three counters, none of which can lock out a bystander:
 * - the account from this address: a few free failures, then 1 s, 2 s, 4 s... (up to 15 min);
 * - the account from anywhere: many addresses against one account slow that account only, and
 *   only up to a minute between tries, so its owner is delayed, never locked out;
 * - the address against any account: a spray over many accounts slows that address only, and
 *   its threshold is high, so people behind one shared address do not stop each other.
 * A wrong password for one account never delays another account. The client address is the
 * socket's, or X-Forwarded-For's from a trusted proxy only (runtime/http/trust-proxy.ts).
 * Counters are the site's shared rate counters (runtime/store/rate-counters.ts), so every server
 * process of a site agrees; each is incremented in one statement, so concurrent failures are all
 * counted.
 */
import type { App } from '../rest/types.ts';
import { restError, type RestError } from '../rest/errors.ts';
import { blockedFor, blockUntil, countHit, forgetCounters } from '../store/rate-counters.ts';

interface Policy {
  /** Failures allowed before any wait. */
  free: number;
  /** Longest wait, seconds. */
  capSeconds: number;
}

export const POLICIES = {
  pair: { free: 5, capSeconds: 15 * 60 },
  account: { free: 20, capSeconds: 60 },
  address: { free: 100, capSeconds: 15 * 60 },
} satisfies Record<string, Policy>;

/** A counter is forgotten this long after its last failure. */
export const FORGET_AFTER_SECONDS = 60 * 60;

export interface Attempt {
  /** The account tried: a user id when the name is known, else the name as typed (lower case). */
  account: string;
  ip: string;
}

/** The account key of a sign-in name: one key per user however they are named (login or email). */
export function accountOf(userId: number | undefined, name: string): string {
  return userId !== undefined ? `user:${userId}` : `name:${name.trim().toLowerCase()}`;
}

function keysOf(a: Attempt): Array<[keyof typeof POLICIES, string]> {
  return [
    ['pair', `pair:${a.account}|${a.ip}`],
    ['account', `account:${a.account}`],
    ['address', `address:${a.ip}`],
  ];
}

const nowSeconds = (app: App) => Math.floor(app.now().getTime() / 1000);

/** The wait after the n-th failure under a policy: 0 while free, then 1, 2, 4... seconds, capped. */
export function backoffSeconds(policy: Policy, failures: number): number {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  return Math.min(policy.capSeconds, 2 ** Math.min(over - 1, 30));
}

/** Seconds until this attempt may be checked, or 0 when it may be checked now. */
export async function loginBlockedFor(app: App, attempt: Attempt): Promise<number> {
  return blockedFor(app.db, keysOf(attempt).map(([, key]) => key), nowSeconds(app));
}

/** The 429 a throttled attempt gets, with Retry-After. */
export function throttledError(seconds: number): RestError {
  return restError('rest_too_many_login_attempts', [String(seconds)]).withHeaders({ 'Retry-After': String(seconds) });
}

export async function recordLoginFailure(app: App, attempt: Attempt): Promise<void> {
  const now = nowSeconds(app);
  for (const [kind, key] of keysOf(attempt)) {
    // Forgotten an hour after the last failure: a sliding window.
    const { hits } = await countHit(app.db, key, now, FORGET_AFTER_SECONDS, 'sliding');
    const wait = backoffSeconds(POLICIES[kind], hits);
    if (wait > 0) await blockUntil(app.db, key, now + wait);
  }
}

/** A right password: this account's counters start again (the address's stays: a spray goes on counting). */
export async function clearLoginFailures(app: App, attempt: Attempt): Promise<void> {
  const [pair, account] = keysOf(attempt);
  await forgetCounters(app.db, [pair![1], account![1]]);
}
