#!/usr/bin/env node
// Entry point of the specpress command. It runs the JavaScript under dist/, compiled from the
// TypeScript sources by scripts/build.mjs (run by `npm install`); when a source is newer than
// that build (after `specpress generate` or an edit), it is rebuilt first, once.
import { ensureBuilt } from '../scripts/build.mjs';

const { main } = await import(await ensureBuilt());
await main(process.argv);
