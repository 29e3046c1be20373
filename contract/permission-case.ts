/**
 * One case of the generated permission matrix (`tests/permissions.test.ts`): written by
 * generator/emit/permission-tests.ts, whose suites import these types, and read by them.
 */
import type { CaseTarget, Identity } from './suite-case.ts';

export { IDENTITIES, type Identity } from './suite-case.ts';

/** Who WordPress lets through for a permission, in the fixture's situation, and its refusal code. */
export interface Expectation {
  allowed: Identity[];
  /** The code of a refusal (unused when every identity is allowed). */
  code: string;
  /** Identities refused with another code than `code` (a check that comes earlier for them). */
  codeFor?: Partial<Record<Identity, string>>;
  /** Identities refused with another status than 401/403 (an anonymous caller's missing account: 404). */
  statusFor?: Partial<Record<Identity, number>>;
}

export interface PermissionCase extends Expectation, CaseTarget {
  /** The permission the spec declares, as the matrix names it. */
  permission: string;
}
