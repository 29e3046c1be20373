/**
 * The quick reading (quick-parse.ts) of the later files of a load, made on the ts-morph thread
 * while this thread reads and checks the first ones. That thread, started before the spec is read
 * (generate.ts), has nothing to do until the model is there: reading half the YAML there takes
 * that much of a cold load's reading off this thread. It is used only when the thread already
 * runs (a command that never starts it does not start it for this) and when the texts to read are
 * many (an edit's one changed file is read here at once).
 */
import { startQuickReadingsInTsThread, takeQuickReadingsFromTsThread, tsThreadRunning } from '../ts-thread.ts';
import type { QuickReading } from './quick-parse.ts';

/** Characters of text to read below which everything is read on this thread. */
const ELSEWHERE_FROM = 64_000;

/** The share of the characters, taken from the last text back, read on the other thread. */
const SHARE_ELSEWHERE = 0.5;

/**
 * For each text (undefined: not to read), a way to its reading made elsewhere, or undefined when
 * it is to be read here. The readings are taken from the other thread at the first asked.
 */
export function quickReadingsElsewhere(texts: Array<string | undefined>): Array<(() => QuickReading) | undefined> {
  const none = texts.map(() => undefined);
  const total = texts.reduce((sum, text) => sum + (text?.length ?? 0), 0);
  if (total < ELSEWHERE_FROM || !tsThreadRunning()) return none;
  const sent: number[] = [];
  for (let i = texts.length - 1, chars = 0; i >= 0 && chars < total * SHARE_ELSEWHERE; i--) {
    const text = texts[i];
    if (text === undefined) continue;
    sent.unshift(i);
    chars += text.length;
  }
  startQuickReadingsInTsThread(sent.map((i) => texts[i]!));
  let taken: QuickReading[] | undefined;
  const at = new Map(sent.map((index, place) => [index, place]));
  return texts.map((_text, i) => {
    const place = at.get(i);
    if (place === undefined) return undefined;
    return () => (taken ??= takeQuickReadingsFromTsThread())[place];
  });
}
