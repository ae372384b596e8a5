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

  // Issue 25: each of these was accepted.
  it.each([
    ['aaaaaaaa', 'Choose a password that is not just one letter or a short pattern repeated'],
    ['abababab', 'Choose a password that is not just one letter or a short pattern repeated'],
    ['ABCABCABC', 'Choose a password that is not just one letter or a short pattern repeated'],
    ['        ', 'Your password must contain more than spaces'],
    [
      'abcdefgh',
      'Choose a password that is not a run of letters or numbers in order, like abcdefgh or 12345678',
    ],
    [
      '12345678',
      'Choose a password that is not a run of letters or numbers in order, like abcdefgh or 12345678',
    ],
    [
      '87654321',
      'Choose a password that is not a run of letters or numbers in order, like abcdefgh or 12345678',
    ],
    [
      'qwertyui',
      'Choose a password that is not a run of letters or numbers in order, like abcdefgh or 12345678',
    ],
    ['ada@example.org', 'Your password must not be your email address'],
    ['ADA@example.org ', 'Your password must not be your email address'],
  ])('refuses the password %j: %s', (password, message) => {
    expect(firstMessage({ ...valid, password, confirmPassword: password }, 'password')).toBe(
      message,
    );
  });

  it('refuses the part of the email before the @', () => {
    const form = { ...valid, email: 'lovelace1815@example.org' };
    const password = 'lovelace1815';
    expect(firstMessage({ ...form, password, confirmPassword: password }, 'password')).toBe(
      'Your password must not be your email address',
    );
  });

  it.each(['quiet lantern', 'correct horse', 'abcdefgx9', 'aaaaaaab'])(
    'accepts the password %j',
    (password) => {
      expect(
        RegisterFormSchema.safeParse({ ...valid, password, confirmPassword: password }).success,
      ).toBe(true);
    },
  );

  it('refuses the same patterns on a reset', () => {
    const result = ResetPasswordFormSchema.safeParse({
      token: 'x'.repeat(32),
      password: 'aaaaaaaa',
      confirmPassword: 'aaaaaaaa',
    });
    expect(result.error?.issues[0]?.message).toBe(
      'Choose a password that is not just one letter or a short pattern repeated',
    );
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
