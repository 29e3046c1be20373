/**
 * The generated reference of the served deployment, for people and tools:
 * - `GET /specpress/reference/` — the HTML reference (`output/deployments/<name>/reference/index.html`);
 * - `GET /specpress/reference/reference.js` and `reference.css` — the script and stylesheet that
 *   draw every deployment's reference page from its data (`output/shared/reference/`);
 * - `GET /specpress/openapi.json` — the deployment's OpenAPI document.
 * Both are files the generator wrote; they are read once, at the first request, and answered
 * as they are. A deployment generated without them answers 404 saying so.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { deploymentDir } from '../app.ts';
import type { App } from '../rest/types.ts';

export const REFERENCE_PATH = '/specpress/reference/';
export const OPENAPI_PATH = '/specpress/openapi.json';

export function registerReferencePages(fastify: FastifyInstance, app: App): void {
  const dir = deploymentDir(app.deployment.name);
  const cache = new Map<string, Promise<string | undefined>>();
  const file = (name: string): Promise<string | undefined> => {
    if (!cache.has(name)) cache.set(name, fs.readFile(path.join(dir, name), 'utf8').catch(() => undefined));
    return cache.get(name)!;
  };
  const send = async (reply: FastifyReply, name: string, type: string) => {
    const text = await file(name);
    reply.header('x-content-type-options', 'nosniff');
    if (text === undefined) return reply.code(404).type('text/plain; charset=UTF-8').send(`${name} was not generated for deployment "${app.deployment.name}": run \`specpress generate\``);
    return reply.code(200).type(type).send(text);
  };
  fastify.get(REFERENCE_PATH, (_req, reply) => send(reply, 'reference/index.html', 'text/html; charset=UTF-8'));
  fastify.get(REFERENCE_PATH.slice(0, -1), (_req, reply) => reply.redirect(REFERENCE_PATH, 301));
  fastify.get(`${REFERENCE_PATH}reference.js`, (_req, reply) => send(reply, '../../shared/reference/reference.js', 'text/javascript; charset=UTF-8'));
  fastify.get(`${REFERENCE_PATH}reference.css`, (_req, reply) => send(reply, '../../shared/reference/reference.css', 'text/css; charset=UTF-8'));
  fastify.get(OPENAPI_PATH, (_req, reply) => send(reply, 'openapi.json', 'application/json; charset=UTF-8'));
}
