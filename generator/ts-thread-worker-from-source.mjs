// The ts-morph thread's entry when the generator runs from its TypeScript source (the tests):
// a worker started on a .ts file does not get the loader hooks of `--import tsx` on Node 20, so
// this plain module registers tsx in the thread and then imports the worker (ts-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./ts-thread-worker.ts');
