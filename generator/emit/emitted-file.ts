/** What every emitter returns: a file path relative to the output folder and its full text. */
export interface EmittedFile {
  /** POSIX path relative to the output root, e.g. `deployments/studio/routes.ts`. */
  path: string;
  content: string;
}
