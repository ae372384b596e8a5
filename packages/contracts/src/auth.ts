import { z } from 'zod';
import {
  isPasswordTheEmail,
  PASSWORD_IS_EMAIL_MESSAGE,
  passwordPatternProblem,
} from './password-rules';
import { textField } from './text-field';

/**
 * The same rules and messages run in the browser and on the server. ASVS 5.0 §6.2.1: at least
 * 8 characters (decision 013); the API also refuses common passwords (its list stays there).
 */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200;

const email = textField('Email')
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email address must be 254 characters or fewer' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const password = textField('Password')
  .min(1, { error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, {
    error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Password must be ${MAX_PASSWORD_LENGTH} characters or fewer`,
  })
  .superRefine((value, context) => {
    if (value.length < MIN_PASSWORD_LENGTH) return;
    const problem = passwordPatternProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Registration knows the address: the password must not be it (decision 029). */
const notTheEmail = {
  check: (form: { email: string; password: string }) =>
    !isPasswordTheEmail(form.password, form.email),
  params: { error: PASSWORD_IS_EMAIL_MESSAGE, path: ['password'] },
};

const name = (label: string) =>
  textField(label)
    .trim()
    .min(1, { error: `${label} is required` })
    .max(100, { error: `${label} must be 100 characters or fewer` });

const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({
      ...shape,
      password,
      confirmPassword: textField('Confirm password', 'Please confirm your password').min(1, {
        error: 'Please confirm your password',
      }),
    })
    // Typed by hand: TypeScript cannot see these keys through the generic spread of `shape`.
    .refine(
      (form) => {
        const { password: chosen, confirmPassword } = form as {
          password: string;
          confirmPassword: string;
        };
        return chosen === confirmPassword;
      },
      {
        error: 'Passwords do not match',
        path: ['confirmPassword'],
      },
    );

/** The register form (in the Auth dialog). The API accepts it with or without confirmPassword. */
export const RegisterFormSchema = withConfirmation({
  firstName: name('First name'),
  lastName: name('Last name'),
  email,
}).refine(
  (form) => notTheEmail.check(form as { email: string; password: string }),
  notTheEmail.params,
);
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** The registration payload: email, password, firstName, lastName. */
export const RegisterRequestSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email,
  password,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * POST /api/auth/register: the registration payload; the form's confirmPassword may come along and
 * must then match.
 */
export const RegisterBodySchema = RegisterRequestSchema.extend({
  confirmPassword: z.string().optional(),
})
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine(notTheEmail.check, notTheEmail.params);

export const ForgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordFormSchema = withConfirmation({
  token: z
    .string({ error: 'This reset link is incomplete' })
    .min(16, { error: 'This reset link is incomplete' }),
});
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** GET /api/auth/reset-password?token=: whether the link still works, before any form. */
export const ResetLinkQuerySchema = z.object({ token: ResetPasswordFormSchema.shape.token });
export const ResetLinkResponseSchema = z.object({ usable: z.literal(true) });

/** The built-in issuer's sign-in step: `uid` names the pending OpenID Connect interaction. */
export const LoginRequestSchema = z.object({
  uid: z.string().min(1).max(200),
  email,
  password: textField('Password')
    .min(1, { error: 'Password is required' })
    .max(MAX_PASSWORD_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  success: z.literal(true),
  /** Where the browser goes next to finish the OpenID Connect flow. */
  redirectTo: z.string(),
});

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Roles beyond being signed in (decision 023), granted from the command line. */
/** 'provider': the person runs at least one listing (decision 024); derived, never granted. */
export const RoleSchema = z.enum(['moderator', 'provider']);
export type Role = z.infer<typeof RoleSchema>;

/** The signed-in person, with the roles the web app shows links for (the server checks them). */
export const CurrentUserSchema = UserSchema.extend({ roles: z.array(RoleSchema) });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Who is signed in: `user` is null when no one is (an ordinary answer, not an error). */
export const MeResponseSchema = z.object({ user: CurrentUserSchema.nullable() });

/** The same whether or not the address already had an account (its owner gets an email). */
export const RegisterResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/auth/config: how the web app should offer registration and password reset. */
export const AuthConfigSchema = z.object({
  issuer: z.enum(['builtin', 'external']),
  /** External issuers register and reset on their own pages. */
  registerUrl: z.string().nullable(),
  resetPasswordUrl: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

/** GET /api/auth/interaction/:uid: `uid` names the pending OpenID Connect interaction. */
export const InteractionParamsSchema = z.object({ uid: z.string().min(1).max(200) });

/** GET /api/auth/interaction/:uid: what the sign-in page needs to show. */
export const InteractionSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  clientName: z.string(),
});

/** GET /api/auth/signin: `returnTo` is a path on this site; the API turns anything else into /. */
export const SignInQuerySchema = z.object({
  // Line breaks pass to the API's safeReturnTo, which turns any odd path into /.
  returnTo: textField('returnTo', { multiline: true }).max(2000).optional(),
});

/**
 * GET /api/auth/callback, where the issuer returns the browser. Whatever else the issuer adds
 * (code, iss, error...) is text too: refused in validation, so the API's error handler turns it
 * into the sign-in failure notice.
 */
export const CallbackQuerySchema = z
  .object({ state: textField('state').max(500).optional() })
  .catchall(textField('A sign-in response value'));

/** The reply of a browser navigation the API answers with a redirect: it has no body. */
export const RedirectSchema = z.null().describe('Redirect');
