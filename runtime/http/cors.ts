/**
 * Cross-origin access for browsers on other origins (a block editor served elsewhere, a
 * headless front end), when the site lists the origins it trusts: `serve --cors-origins a,b`,
 * SPECPRESS_CORS_ORIGINS, or the deployment's `settings.corsOrigins` (`*` trusts any origin).
 * Without a list, every answer keeps WordPress 6.8's own CORS headers exactly (rest/serve-request.ts):
 * any origin is echoed, and neither `X-HTTP-Method-Override` (the editor's way of sending
 * PUT and DELETE) may be sent nor `Allow` (its permission checks) read. With a list, a listed
 * origin may do both; any other origin is not allowed at all.
 */
import type { App, AppConfig, RestResponse } from '../rest/types.ts';

/** What the editor and other clients send beyond CORS's safe headers. */
const ALLOWED_HEADERS = 'Authorization, X-WP-Nonce, X-HTTP-Method-Override, Content-Disposition, Content-MD5, Content-Type';
/** What they read of answers: pagination, links and the methods they may use. */
const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, Allow';
const ORIGIN_ANSWER = ['Access-Control-Allow-Origin', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Credentials'];

export function parseOriginList(text: string): string[] {
  return text.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter((s) => s !== '');
}

/** The trusted origins: the config's (the command line's), else the environment's, else the deployment's; undefined when none is set. */
export function corsOriginsOf(config: Pick<AppConfig, 'corsOrigins'>, settings: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  if (config.corsOrigins) return config.corsOrigins;
  if (env.SPECPRESS_CORS_ORIGINS !== undefined && env.SPECPRESS_CORS_ORIGINS.trim() !== '') return parseOriginList(env.SPECPRESS_CORS_ORIGINS);
  const own = settings.corsOrigins;
  if (Array.isArray(own)) return own.map(String).map((o) => o.replace(/\/+$/, ''));
  if (typeof own === 'string' && own.trim() !== '') return parseOriginList(own);
  return undefined;
}

export type CorsPolicy = (origin: string | undefined, response: RestResponse) => RestResponse;

/** The policy for a site, decided once; undefined keeps WordPress's headers as they are. */
export function corsPolicyOf(app: Pick<App, 'config' | 'deployment'>): CorsPolicy | undefined {
  const origins = corsOriginsOf(app.config, app.deployment.settings ?? {});
  if (!origins?.length) return undefined;
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/]+$/i.test(origin)) throw new Error(`Not an origin in the CORS origins: "${origin}" (expected scheme://host[:port], or *)`);
  }
  const trusted = new Set(origins.map((o) => o.toLowerCase()));
  const any = trusted.has('*');
  return (origin, response) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (name === 'Access-Control-Allow-Headers') headers[name] = ALLOWED_HEADERS;
      else if (name === 'Access-Control-Expose-Headers') headers[name] = EXPOSED_HEADERS;
      else headers[name] = value;
    }
    // An origin the site does not trust gets no answer it may read.
    if (origin && !any && !trusted.has(origin.toLowerCase())) for (const name of ORIGIN_ANSWER) delete headers[name];
    return { ...response, headers };
  };
}
