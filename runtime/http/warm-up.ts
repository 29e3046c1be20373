/**
 * Before `serve` says it is ready, the process answers a few reads to itself through fastify's
 * inject (no socket): the discovery document, a page of posts and one post. The first request
 * after a start otherwise pays for what a process does only once: compiling the hot code, the
 * first Intl date formatter (luxon asks for the system locale), the first statements prepared,
 * the collection of start-up garbage, many times what the next list costs. With the warm-up a
 * client's first list costs about what later ones do, for a little more time before ready
 * (figures: `npm run bench`, its first-request line). The reads are ordinary anonymous GETs: what they keep (rendered posts, prepared
 * statements) is what real requests would have kept, and links come from the site's address,
 * not the request's host.
 */
import type { FastifyInstance } from 'fastify';

/** The warm-up reads that answered 200; one failing (a deployment without posts) only warms less. */
export async function warmUp(http: FastifyInstance): Promise<string[]> {
  const answered: string[] = [];
  const read = async (url: string) => {
    const res = await http.inject({ method: 'GET', url });
    if (res.statusCode === 200) answered.push(url);
    return res.statusCode === 200 ? res : undefined;
  };
  await read('/wp-json/');
  const list = await read('/wp-json/core/v2/posts?per_page=10');
  const [first] = (list?.json() ?? []) as Array<{ id?: number }>;
  if (first?.id) await read(`/wp-json/core/v2/posts/${first.id}`);
  return answered;
}
