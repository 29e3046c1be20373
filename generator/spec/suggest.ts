/** "did you mean" hints: the closest known name by edit distance, when it is close enough. */

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/** `; did you mean \`x\`?` or '' when nothing is close (a third of the name's length, at least 2). */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(2, Math.floor(name.length / 3));
  return best !== undefined && bestDistance <= tolerance ? `; did you mean \`${best}\`?` : '';
}

/** `a`, `b` or `c` — a short readable list for messages (the first 12). */
export function listNames(names: Iterable<string>): string {
  const all = [...names].map((n) => `\`${n}\``);
  if (all.length === 0) return '(none)';
  return all.length > 12 ? `${all.slice(0, 12).join(', ')}, ...` : all.join(', ');
}
