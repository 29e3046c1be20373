/**
 * Answers for requests Node's HTTP parser refuses before fastify sees them (an unknown method,
 * a request line or headers over `maxHeaderSize`, a request not received within
 * `requestTimeout`, bytes that are not HTTP): the interface's error shape, `Connection: close`
 * (the socket is closed right after, and the client must not reuse it), or nothing when a
 * response was already under way or the socket is gone.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { restError, type RestError } from '../rest/errors.ts';

/** The error body for a parser or timeout failure. */
export function clientErrorOf(err: NodeJS.ErrnoException, maxHeaderSize: number): RestError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return restError('rest_request_header_too_large', [String(maxHeaderSize)]);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return restError('rest_request_timeout');
    case 'HPE_INVALID_METHOD':
      return restError('rest_bad_request', ['the method is not one HTTP defines.']);
    default:
      return restError('rest_bad_request', ['it is not valid HTTP.']);
  }
}

/** A whole HTTP/1.1 response that ends the connection. */
export function closingResponse(error: RestError, extraHeaders: Record<string, string> = {}): string {
  const body = JSON.stringify(error.toBody());
  const headers = {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** fastify's `clientErrorHandler`. */
export function answerClientError(maxHeaderSize: number) {
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // As Node's own handler: never write into a response that has started.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.end(closingResponse(clientErrorOf(err, maxHeaderSize)), () => socket.destroy());
    else socket.destroy();
  };
}
