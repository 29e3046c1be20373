/**
 * Routes of one deployment whose patterns match the same URLs (SP065, a warning). The runtime,
 * as WordPress's dispatcher, tries routes in discovery order and takes the first that matches
 * and serves the method, so a route whose every URL an earlier route also matches never answers
 * a method both serve: `/items/<key>` after `/items/<id>` with the same pattern, `/items/count`
 * after `/items/<slug>`. A route that only shares some URLs with an earlier one is not reported:
 * a special case before a general one (`/items/favourite` before `/items/<slug>`, `\d+` before
 * `[\w-]+`, WordPress's `global-styles/themes/<stylesheet>/variations` before
 * `global-styles/<id>`) is how WordPress's own routes are written.
 *
 * Which URLs a capture matches is decided on sample values: the literal path words of both routes
 * and a few typical ids and slugs. A route is reported only when every sample URL of it matches
 * the earlier route, and the warning names one of them.
 */
import type { HttpMethod, Route, SpecModel } from '../../contract/model.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { sourceOf } from './resolve.ts';
import { listNames } from './suggest.ts';

/** Typical values of a capture: ids, slugs, names with dots, a path with a slash. */
const SAMPLES = ['1', '42', 'a', 'abc', 'a-b', 'a_b', 'A1', 'a.b', 'a/b', '-', 'x y'];

interface Segment {
  /** The segment as written (`posts`, `<id>`, `<id>.json`). */
  text: string;
  /** Whole-segment regex (case-insensitive, as the runtime matches). */
  regex: RegExp;
  literal: boolean;
  /** What `regex` answered for each value asked so far: every pair of routes asks about the same few words. */
  answers: Map<string, boolean>;
  /** The values this segment takes within one path segment: its text, or the samples without a slash it matches. */
  values?: string[];
}

/** Whether the segment matches the whole value (asked once per segment and value). */
function matches(segment: Segment, value: string): boolean {
  let answer = segment.answers.get(value);
  if (answer === undefined) segment.answers.set(value, (answer = segment.regex.test(value)));
  return answer;
}

function valuesOf(segment: Segment): string[] {
  segment.values ??= segment.literal ? [segment.text] : SAMPLES.filter((v) => !v.includes('/') && matches(segment, v));
  return segment.values;
}

/** What the comparison needs of a route, worked out once. */
interface RouteShape {
  route: Route;
  segments: Segment[];
  methods: Set<HttpMethod>;
  /** A capture may hold a slash, so the route's URLs may have more segments than its path. */
  spansSlash: boolean;
  /** Its first two words while they are literal, lower-cased. */
  head: string[];
  regex: RegExp;
}

export function checkOverlaps(model: SpecModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  for (const deployment of model.deployments) {
    const routes = deployment.routes.map(shapeOf);
    for (let j = 0; j < routes.length; j++) {
      const b = routes[j]!;
      if (reported.has(b.route.path)) continue;
      for (let i = 0; i < j; i++) {
        const a = routes[i]!;
        // Most pairs differ in length or in their first words: settled before anything else.
        if (!a.spansSlash && !b.spansSlash && (a.segments.length !== b.segments.length || !sameHead(a.head, b.head))) continue;
        if (!sharesMethod(a, b)) continue;
        const example = shadowedUrl(b, a);
        if (example === undefined) continue;
        // A route the spec does not write (a model made by hand, in tests) has nothing to point at.
        const [at, other] = [sourceOf(b.route), sourceOf(a.route)];
        if (at === undefined || other === undefined) continue;
        reported.add(b.route.path);
        const methods = listNames([...a.methods].filter((m) => b.methods.has(m)));
        out.push(diagnostic('overlappingRoutes', at, { path: b.route.path, other: a.route.path, otherAt: `${other.file}:${other.line}`, example, methods }));
        break;
      }
    }
  }
  return out;
}

function shapeOf(route: Route): RouteShape {
  const segments = segmentsOf(route);
  const firstCapture = segments.findIndex((s) => !s.literal);
  // Only the first literal words are compared up front, a cheap way to skip most pairs.
  const head = segments.slice(0, Math.min(2, firstCapture === -1 ? segments.length : firstCapture)).map((s) => s.text.toLowerCase());
  return {
    route,
    segments,
    methods: new Set(route.endpoints.flatMap((e) => e.methods)),
    spansSlash: segments.some((s) => !s.literal && ['a/b', '1/2'].some((v) => matches(s, v))),
    head,
    regex: new RegExp(`^${route.pattern.replace(/\(\?P</g, '(?<')}$`, 'i'),
  };
}

function segmentsOf(route: Route): Segment[] {
  const patterns = new Map(route.captures.map((c) => [c.name, c.pattern]));
  return route.path.split('/').slice(1).map((text) => {
    const literal = !text.includes('<');
    const source = text.replace(/<([^<>]*)>|([^<]+)/g, (_whole, name: string | undefined, plain: string | undefined) =>
      name !== undefined ? `(?:${patterns.get(name) ?? '[^/]+'})` : escapeRegex(plain!),
    );
    return { text, literal, regex: new RegExp(`^(?:${source})$`, 'i'), answers: new Map() };
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sharesMethod(a: RouteShape, b: RouteShape): boolean {
  for (const m of a.methods) if (b.methods.has(m)) return true;
  return false;
}

/** Whether two heads agree as far as both go (a capture after a shorter head may match any word). */
function sameHead(a: string[], b: string[]): boolean {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * A URL of `later` when every URL of it (as the samples tell) is matched by `earlier` too, else
 * undefined. Segment by segment when no capture spans a slash: a literal the other segment
 * matches, a capture whose every sample the other takes; otherwise on whole sample URLs.
 */
function shadowedUrl(later: RouteShape, earlier: RouteShape): string | undefined {
  if (!later.spansSlash && !earlier.spansSlash) {
    if (later.segments.length !== earlier.segments.length) return undefined;
    const parts: string[] = [];
    for (let k = 0; k < later.segments.length; k++) {
      const segment = later.segments[k]!;
      const other = earlier.segments[k]!;
      if (segment.literal ? !matches(other, segment.text) : other.literal) return undefined;
      const values = valuesOf(segment);
      if (values.length === 0 || !values.every((v) => matches(other, v))) return undefined;
      parts.push(values[0]!);
    }
    return `/${parts.join('/')}`;
  }
  // The first sample URL the earlier route does not match settles it: the rest are not made.
  let first: string | undefined;
  for (const url of sampleUrls(later.segments, earlier.segments)) {
    if (!earlier.regex.test(url)) return undefined;
    first ??= url;
  }
  return first;
}

/** URLs of a route, each capture segment filled with each sample it takes (the other route's words among them). */
function* sampleUrls(of: Segment[], other: Segment[]): Generator<string> {
  const pool = [...new Set([...other.filter((s) => s.literal).map((s) => s.text), ...SAMPLES])];
  // Per capture segment: the first word of the pool it takes, the fallback when `first` is not taken.
  const fallback = of.map((s) => (s.literal ? undefined : pool.find((v) => matches(s, v))));
  const seen = new Set<string>();
  for (const first of pool) {
    const parts = of.map((s, k) => (s.literal ? s.text : matches(s, first) ? first : fallback[k]));
    if (!parts.every((p) => p !== undefined)) continue;
    const url = `/${parts.join('/')}`;
    if (seen.has(url)) continue;
    seen.add(url);
    yield url;
  }
}
