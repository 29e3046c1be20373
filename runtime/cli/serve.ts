/**
 * `specpress serve`: runs a generated deployment. On the first start it prints, once, the
 * administrator's credentials and how to call the API; they are not shown again.
 */
import type { Command } from 'commander';
import { startServer, type RunningServer } from '../server.ts';
import cluster from 'node:cluster';
import { LOGIN_PATH } from '../auth/login-page.ts';
import { reportToPrimary, superviseWorkers } from './workers.ts';
import { databaseOption, databaseTarget } from './database-option.ts';
import { parseProxyList } from '../http/trust-proxy.ts';
import { parseOriginList } from '../http/cors.ts';

interface ServeOptions {
  deployment?: string;
  port: string;
  host: string;
  data: string;
  database?: string;
  uploads?: string;
  url?: string;
  trustProxy?: string;
  corsOrigins?: string;
  workers: string;
  logLevel: string;
  answerCache: boolean;
  checkAnswers?: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function register(program: Command): void {
  program
    .command('serve')
    .description('Serve a generated deployment over HTTP')
    .option('--deployment <name>', 'deployment under output/deployments (default: the default deployment)')
    .option('--port <port>', 'port to listen on', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'data folder (database and uploads)', './data')
    .addOption(databaseOption())
    .option('--uploads <dir>', 'uploads folder, shared by every process of the site (default: uploads under --data)')
    .option('--url <origin>', 'public origin when behind a proxy, e.g. https://example.com')
    .option('--trust-proxy <list>', 'reverse proxies whose X-Forwarded-For names the client: addresses or CIDR ranges, comma-separated (default: SPECPRESS_TRUST_PROXY or none); timeouts: SPECPRESS_HEADERS_TIMEOUT_MS, SPECPRESS_REQUEST_TIMEOUT_MS, SPECPRESS_BODY_MIN_BYTES_PER_SECOND, SPECPRESS_KEEP_ALIVE_TIMEOUT_MS, SPECPRESS_HANDLER_TIMEOUT_MS')
    .option('--cors-origins <list>', 'origins trusted with cross-origin access, comma-separated (* for any): they may send X-HTTP-Method-Override and read Allow (default: SPECPRESS_CORS_ORIGINS, the deployment\'s settings.corsOrigins, else WordPress\'s own CORS headers)')
    .option('--workers <n>', 'processes serving the same data folder on the same port', '1')
    .option('--no-answer-cache', 'answer every anonymous read from the database instead of keeping answers until the next write (also SPECPRESS_ANSWER_CACHE=off)')
    .option('--check-answers', 'developer mode: check every answer against the deployment\'s OpenAPI document; one that differs is logged and answered 500 rest_answer_mismatch naming the route')
    .option('--log-level <level>', `log lines written: ${LOG_LEVELS.join(', ')}; debug adds one line per request`, 'info')
    .action(async (opts: ServeOptions) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        console.error(`Error: --port must be a number from 0 to 65535 (got "${opts.port}")`);
        process.exitCode = 1;
        return;
      }
      if (!LOG_LEVELS.includes(opts.logLevel)) {
        console.error(`Error: --log-level must be one of ${LOG_LEVELS.join(', ')} (got "${opts.logLevel}")`);
        process.exitCode = 1;
        return;
      }
      const workers = Number(opts.workers);
      if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
        console.error(`Error: --workers must be a whole number from 1 to 64 (got "${opts.workers}")`);
        process.exitCode = 1;
        return;
      }
      if (workers > 1 && cluster.isPrimary) {
        await superviseWorkers(workers, printWelcome);
        return;
      }
      const server = await startServer({
        deployment: opts.deployment,
        host: opts.host,
        port,
        dataDir: opts.data,
        database: databaseTarget(opts),
        uploadsDir: opts.uploads,
        publicUrl: opts.url,
        trustProxy: opts.trustProxy !== undefined ? parseProxyList(opts.trustProxy) : undefined,
        corsOrigins: opts.corsOrigins !== undefined ? parseOriginList(opts.corsOrigins) : undefined,
        logLevel: opts.logLevel,
        answerCache: opts.answerCache,
        checkAnswers: opts.checkAnswers === true,
      });
      if (cluster.isWorker) reportToPrimary(server);
      else printWelcome(server);
      stopOnSignals(server);
    });
}

function printWelcome(server: Pick<RunningServer, 'deployment' | 'restUrl' | 'siteUrl' | 'firstAdmin'>): void {
  const lines = [`specpress is serving deployment "${server.deployment}" at ${server.restUrl}/`, `WordPress's block editor: ${server.siteUrl}/wp-admin/post-new.php (your posts: ${server.siteUrl}/wp-admin/edit.php)`];
  const admin = server.firstAdmin;
  if (admin) {
    lines.push('', 'First start: an administrator was created. These credentials are shown only this once:');
    lines.push(`  login:    ${admin.login}`, `  password: ${admin.password}   (login page: ${server.siteUrl}${LOGIN_PATH})`);
    if (admin.appPassword) {
      lines.push(`  application password: ${admin.appPassword}`, '', 'Try it:');
      lines.push(`  curl -u '${admin.login}:${admin.appPassword}' ${server.restUrl}/core/v2/posts?context=edit`);
    } else {
      lines.push('', 'This deployment does not offer application passwords: log in at the login page and send the');
      lines.push('session cookie with an X-WP-Nonce header. Public routes need nothing:');
      lines.push(`  curl ${server.restUrl}/`);
    }
  }
  console.log(lines.join('\n'));
}

/** Ctrl-C or a service manager's stop: finish in-flight requests, close the database, exit. */
function stopOnSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.app.logger.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
