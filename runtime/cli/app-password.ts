import type { Command } from 'commander';

/** Placeholder until the command's owner writes it: registers nothing. */
export function register(_program: Command): void {}
