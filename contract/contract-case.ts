/**
 * One case of the generated contract suites (`tests/contract.test.ts`): a request the interface
 * must refuse with a 400 in its own shape. Written by generator/emit/contract-tests.ts, whose
 * suites import this type.
 */
export interface ContractCase {
  /** `POST /core/v2/posts: title of the wrong type`. */
  name: string;
  method: string;
  path: string;
  params: Record<string, unknown>;
  /** The param the answer must name. */
  param: string;
  /** `rest_invalid_param` or `rest_missing_callback_param`. */
  code: string;
}
