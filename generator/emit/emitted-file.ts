/** What every emitter returns: a file path relative to the output folder and its full text. */
export interface EmittedFile {
  /** POSIX path relative to the output root, e.g. `deployments/studio/routes.ts`. */
  path: string;
  content: string;
  /**
   * Already laid out deterministically by the tool that made it; prettier is skipped (ajv's
   * standalone validators are megabytes, and prettier on them would dominate generation time).
   */
  preformatted?: boolean;
  /**
   * The file's top-level pieces, as the emitter made them (ts-source.ts's piecesText: content is
   * them with a blank line between two): the formatter formats them one by one as they are, with
   * no parse of the file to find them.
   */
  pieces?: string[];
  /** Which of `pieces` are already as prettier lays them out (data-file.ts, ts-source.ts's printSource and withLaidOut, types.ts): the formatter takes them as they are. */
  laidOut?: boolean[];
}

/** What per-deployment emitters may read beside their deployment: artifacts shared by all. */
export interface EmitContext {
  /** Export name, in `shared/validators.ts`, of the params validator of an endpoint. */
  validatorName(deployment: string, operationId: string): string;
  /** Export name, in `shared/args.ts`, of an endpoint's params descriptors (none: it takes none). */
  argsName(deployment: string, operationId: string): string | undefined;
  /** Export name, in `shared/routes.ts`, of a deployment's route (by path); set once the shared routes are made. */
  routeName(deployment: string, path: string): string;
  /** Export name, in `shared/data.ts`, of a resource's or a catalog's value. */
  dataName(deployment: string, kind: 'resource' | 'catalog', key: string): string;
}
