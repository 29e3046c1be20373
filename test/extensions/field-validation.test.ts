/** The checks a visitor's value passes before a submission is stored. */
import { describe, expect, it } from 'vitest';
import { fieldProblem } from '../../runtime/forms/field-validation.ts';

describe('fieldProblem', () => {
  it('requires a value only where the field says so', () => {
    expect(fieldProblem({ name: 'a', label: 'Name', required: true }, '  ')).toBe('Name is required.');
    expect(fieldProblem({ name: 'a', label: 'Name' }, '')).toBeUndefined();
  });

  it('checks values against the field type', () => {
    expect(fieldProblem({ label: 'Age', type: 'number' }, '4x')).toBe('Age must be a number.');
    expect(fieldProblem({ label: 'Age', type: 'number' }, '42')).toBeUndefined();
    expect(fieldProblem({ label: 'Site', type: 'url' }, 'javascript:alert(1)')).toBe('Site must be a web address.');
    expect(fieldProblem({ label: 'Site', type: 'url' }, 'https://example.org/a')).toBeUndefined();
    expect(fieldProblem({ label: 'Day', type: 'date' }, '2024-02-30x')).toBe('Day must be a date (YYYY-MM-DD).');
    expect(fieldProblem({ label: 'Plan', type: 'select', options: ['Basic', 'Pro'] }, 'Gold')).toBe('Plan must be one of Basic, Pro.');
    expect(fieldProblem({ label: 'Plan', type: 'select', options: ['Basic', 'Pro'] }, 'Pro')).toBeUndefined();
    expect(fieldProblem({ label: 'Name', type: 'text' }, { nested: true })).toBe('Name must be text.');
  });
});
