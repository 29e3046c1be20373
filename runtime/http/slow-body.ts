/**
 * Cuts off request bodies that arrive slower than a minimum rate (one byte every ten seconds
 * would otherwise hold a connection until the whole-request timeout). One timer for the whole
 * server looks at the requests whose body is still coming: no listener or timer per request.
 * A body too slow is answered 408 in the interface's shape with `Connection: close`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restError } from '../rest/errors.ts';
import type { HttpLimits } from './limits.ts';

interface Pending {
  reply: FastifyReply;
  startedAt: number;
  bytesAtStart: number;
}

const CHECK_EVERY_MS = 1000;

export function cutOffSlowBodies(fastify: FastifyInstance, limits: HttpLimits): void {
  const minRate = limits.bodyMinBytesPerSecond;
  if (!minRate) return;
  const pending = new Map<FastifyRequest, Pending>();

  fastify.addHook('onRequest', (req, reply, done) => {
    if (!req.raw.complete && expectsBody(req)) pending.set(req, { reply, startedAt: Date.now(), bytesAtStart: req.socket.bytesRead });
    done();
  });

  const timer = setInterval(() => {
    const now = Date.now();
    for (const [req, p] of pending) {
      const raw = req.raw;
      if (raw.complete || p.reply.raw.headersSent || req.socket.destroyed) {
        pending.delete(req);
        continue;
      }
      const elapsed = now - p.startedAt;
      if (elapsed < limits.bodyRateGraceMs) continue;
      const rate = ((req.socket.bytesRead - p.bytesAtStart) * 1000) / elapsed;
      if (rate >= minRate) continue;
      pending.delete(req);
      answerTooSlow(p.reply, minRate);
    }
  }, Math.min(CHECK_EVERY_MS, Math.max(50, limits.bodyRateGraceMs / 2)));
  timer.unref();
  fastify.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

function expectsBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Written on the raw response: fastify is still waiting for the body and has no reply under way. */
function answerTooSlow(reply: FastifyReply, minRate: number): void {
  const body = JSON.stringify(restError('rest_request_too_slow', [String(minRate)]).toBody());
  const res = reply.raw;
  res.writeHead(408, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(body, () => res.socket?.destroy());
}
