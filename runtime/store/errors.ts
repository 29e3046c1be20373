/** Errors the store raises for input an engine cannot take; the REST layer answers them as 400s. */

/** A text with a NUL character (U+0000): PostgreSQL's text type cannot hold or compare one. */
export class UnstorableTextError extends Error {
  constructor() {
    super('Text with a NUL character (U+0000) cannot be stored or searched for.');
    this.name = 'UnstorableTextError';
  }
}
