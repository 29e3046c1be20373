/**
 * Answers a batch makes together instead of one by one. A create prepares its item right after
 * writing it; 25 creates in a batch each read their relations (terms, meta, featured media,
 * revisions...) with their own queries, where one query per kind serves them all when they are
 * prepared together (as a list page is). A handler that can wait hands back a LaterBody; the batch
 * makes the waiting bodies of a group in one call before anything could change what they read
 * (runtime/rest/batch.ts: before the next item of another kind, and before it answers).
 *
 * Outside a batch nothing waits: `RestRequest.later` is set on the batch's own items only, so a
 * request a handler dispatches in turn gets its body at once.
 */

/** How the bodies of one kind are made: all inputs at once, one body each, in order. */
export interface LaterGroup<I> {
  make(inputs: I[]): Promise<unknown[]>;
}

/** One body waiting for its group; `I` is what the group makes a body from. */
export class LaterBody<I = unknown> {
  /** The `_fields` the request asked for, applied once the body is made (dispatch.ts). */
  fields?: (body: unknown) => unknown;
  value: unknown;
  made = false;
  constructor(
    readonly group: LaterGroup<I>,
    readonly input: I,
  ) {}

  /** The body as the request would have had it at once. */
  result(): unknown {
    if (!this.made) throw new Error('LaterBody read before its batch made it');
    return this.fields ? this.fields(this.value) : this.value;
  }
}

export class LaterBodies {
  #waiting: LaterBody[] = [];

  add<I>(group: LaterGroup<I>, input: I): LaterBody<I> {
    const body = new LaterBody<I>(group, input);
    this.#waiting.push(body);
    return body;
  }

  /** Makes every waiting body, each group in one call. */
  async make(): Promise<void> {
    const waiting = this.#waiting;
    this.#waiting = [];
    const groups = new Map<LaterGroup<unknown>, LaterBody[]>();
    for (const body of waiting) {
      const group = groups.get(body.group);
      if (group) group.push(body);
      else groups.set(body.group, [body]);
    }
    for (const [group, bodies] of groups) {
      const values = await group.make(bodies.map((b) => b.input));
      bodies.forEach((body, i) => {
        body.value = values[i];
        body.made = true;
      });
    }
  }
}
