/**
 * One thread of the formatting pool (format-pool.ts): prettier is loaded once per thread, then
 * formats whatever text the generator sends it, with the options sent along.
 */
import { format, type Options } from 'prettier';

export interface FormatTask {
  text: string;
  options: Options;
}

export default function formatTask(task: FormatTask): Promise<string> {
  return format(task.text, task.options);
}
