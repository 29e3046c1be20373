/**
 * The benches' command-line flags: `--name value`. A flag given without a value (the last
 * argument, or followed by another flag) counts as not given, so its fallback holds.
 */
export function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at > 0 ? process.argv[at + 1] : undefined;
  return value && !value.startsWith('--') ? value : fallback;
}
