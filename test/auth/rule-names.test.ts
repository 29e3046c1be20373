import { describe, expect, it } from 'vitest';
import { RULE_NAMES } from '../../contract/permission-rules.ts';
import { RULES } from '../../runtime/auth/rules.ts';

describe('permission rule names', () => {
  it('the names the spec may use (checked by SP060) are exactly the rules the runtime implements', () => {
    expect(Object.keys(RULES).sort()).toEqual([...RULE_NAMES].sort());
  });
});
