/**
 * A throwaway HTTP server on 127.0.0.1 and a port the OS picks, standing in for a remote service
 * (image host, oEmbed provider, upstream API) in tests. `close()` also drops kept-alive and
 * still-open connections, so a test that left a slow response behind does not hang.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41235 */
  url: string;
  close: () => Promise<void>;
}

export async function startLoopbackServer(handler: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
