// Preloaded (`node --import`) into a server by bench/profile-serve.bench.ts --alloc: samples every
// allocation, the ones the young-generation GC already freed included (those are the per-request
// garbage), and writes the sampling profile to $SPECPRESS_ALLOC_PROFILE on SIGUSR2.
import fs from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
await post('HeapProfiler.enable');
await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
process.on('SIGUSR2', async () => {
  const { profile } = await post('HeapProfiler.getSamplingProfile');
  fs.writeFileSync(process.env.SPECPRESS_ALLOC_PROFILE, JSON.stringify(profile));
  console.log('allocation profile written');
});
