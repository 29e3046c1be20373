/** The user a request runs as, once authentication has decided who that is. */
import { capabilitiesOf } from '../../contract/roles.ts';

export interface CurrentUser {
  id: number;
  login: string;
  email: string;
  displayName: string;
  roles: string[];
  /** Primitive capabilities from the user's roles. */
  caps: Set<string>;
  /** How the request was authenticated, for logs and for rules that care. */
  via: 'application-password' | 'cookie' | 'internal';
}

export function makeCurrentUser(row: { id: number; login: string; email: string; display_name: string; roles: string }, via: CurrentUser['via']): CurrentUser {
  const roles = JSON.parse(row.roles) as string[];
  return { id: row.id, login: row.login, email: row.email, displayName: row.display_name, roles, caps: capabilitiesOf(roles), via };
}
