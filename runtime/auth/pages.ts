/**
 * The HTML pages of authentication: login, logout and authorize-application. Registered on the
 * HTTP server by the runtime (`registerAuthPages(fastify, app)`).
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../rest/types.ts';

export async function registerAuthPages(_fastify: FastifyInstance, _app: App): Promise<void> {
  // Filled in by the pages commit that follows.
}
