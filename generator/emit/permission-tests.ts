/**
 * Hook for the generated permission suites (owned by the auth helper): returns the test files
 * that prove each endpoint's declared permission. Placeholder until that body is written.
 */
import type { DeploymentModel } from '../model.ts';
import type { EmittedFile } from './emitted-file.ts';

export function emitPermissionTests(_deployment: DeploymentModel): EmittedFile[] {
  return [];
}
