#!/usr/bin/env node
// Entry point of the specpress command. The project is written in TypeScript and runs
// through tsx's loader, so there is no separate build step between editing and running.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../generator/cli.ts');
await main(process.argv);
