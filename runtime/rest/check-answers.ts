/**
 * `serve --check-answers` (a developer mode; the test servers run with it): every answer of a
 * route the deployment's OpenAPI document describes is checked against it (rest/answer-schemas.ts:
 * status, media type, body). An answer that is not what the document promises is logged and
 * replaced by a 500 `rest_answer_mismatch` naming the route, the method and what is wrong, so a
 * shape that drifted from the runtime fails the first test that meets it instead of a client.
 *
 * Not checked: answers that are not JSON (text and files, sent as they are), OPTIONS (described by discovery, not by the document), answers trimmed on request
 * (`_fields` leaves out fields the schema requires), routes no document describes (hand-made route
 * tables of tests) and deployments generated without an OpenAPI document.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deploymentDir } from '../app.ts';
import { AnswerSchemas, type OpenApiDocument } from './answer-schemas.ts';
import { errorResponse } from './dispatch.ts';
import { restError } from './errors.ts';
import { LaterBody } from './later-bodies.ts';
import { matchRoute } from './match-route.ts';
import type { App, RestRequest, RestResponse } from './types.ts';

/** One set of compiled schemas per app (the document is read once, at the first answer). */
const schemasOf = new WeakMap<App, AnswerSchemas | null>();

function schemas(app: App): AnswerSchemas | null {
  let found = schemasOf.get(app);
  if (found === undefined) {
    const file = path.join(deploymentDir(app.deployment.name), 'openapi.json');
    found = fs.existsSync(file) ? new AnswerSchemas(JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument) : null;
    schemasOf.set(app, found);
  }
  return found;
}

/** The response as it was, or the 500 that replaces an answer the document does not describe. */
export function checkedAnswer(app: App, request: RestRequest, response: RestResponse): RestResponse {
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS' || request.query._fields !== undefined || response.body instanceof LaterBody) return response;
  const known = schemas(app);
  const match = known ? matchRoute(app, request.route, method) : undefined;
  if (!known || !match?.endpoint || !known.has(match.route.path, method)) return response;
  const media = response.raw ? response.raw.contentType.split(';')[0]!.trim() : 'application/json';
  // A text or file answer (oEmbed's `format=xml`, a CSV export) is passed on as it is, content
  // type included: only JSON bodies are checked.
  if (response.raw && !media.includes('json')) return response;
  const body = response.raw ? undefined : response.body;
  const problems = known.problems(match.route.path, method, response.status, media, body);
  if (problems.length === 0) return response;
  app.logger.error({ route: match.route.path, method, status: response.status, problems }, 'answer does not match the OpenAPI document');
  return errorResponse(app, restError('rest_answer_mismatch', [method, match.route.path], { route: match.route.path, method, answered: response.status, problems }));
}
