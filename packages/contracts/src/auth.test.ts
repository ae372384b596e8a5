import { describe, expect, it } from 'vitest';
import { RegisterFormSchema, ResetPasswordFormSchema } from './auth';
import { displayName } from './display-name';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  password: 'quiet lantern',
  confirmPassword: 'quiet lantern',
};

function firstMessage(input: object, field: string) {
  const result = RegisterFormSchema.safeParse(input);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('registration rules (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(RegisterFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['password', '', 'Password is required'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['confirmPassword', '', 'Please confirm your password'],
    ['confirmPassword', 'different', 'Passwords do not match'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(firstMessage({ ...valid, [field]: value }, field)).toBe(message);
  });

  it('applies the same password rules to a reset', () => {
    const result = ResetPasswordFormSchema.safeParse({
      token: 'x'.repeat(32),
      password: '123',
      confirmPassword: '123',
    });
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });
});

describe('displayName', () => {
  it.each([
    [{ email: 'a@b.org', firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace'],
    [{ email: 'a@b.org', firstName: 'Ada', lastName: null }, 'Ada'],
    [{ email: 'a@b.org', firstName: null, lastName: null }, 'a@b.org'],
  ])('%j -> %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});
