import { defineRoute } from '../route';

/** The built-in issuer's accounts; with an external issuer each answers 409 managed_by_issuer. */
const schemas = () => import('../auth');
const tags = ['auth'];

export const register = defineRoute({
  method: 'POST',
  path: '/api/auth/register',
  load: async () => {
    const { RegisterBodySchema, RegisterResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Create an account with the built-in issuer',
      description:
        'The answer is the same when the address already has an account; its owner is emailed instead, with a reset link.',
      body: RegisterBodySchema,
      responses: { 201: RegisterResponseSchema },
      errors: [400, 403, 409, 413, 415, 429, 500],
    };
  },
});

export const getInteraction = defineRoute({
  method: 'GET',
  path: '/api/auth/interaction/:uid',
  load: async () => {
    const { InteractionParamsSchema, InteractionSchema } = await schemas();
    return {
      tags,
      summary: 'The pending sign-in step of the built-in issuer, for the sign-in page',
      params: InteractionParamsSchema,
      responses: { 200: InteractionSchema },
      errors: [400, 409, 429, 500],
    };
  },
});

export const logIn = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  load: async () => {
    const { LoginRequestSchema, LoginResponseSchema } = await schemas();
    return {
      tags,
      summary: "The built-in issuer's sign-in step: check the password and resume the flow",
      description:
        'Needs the interaction cookie the issuer set (Path=/api/auth/). On success the browser navigates to `redirectTo`.',
      body: LoginRequestSchema,
      responses: { 200: LoginResponseSchema },
      errors: [400, 401, 403, 409, 413, 415, 429, 500],
    };
  },
});

export const requestPasswordReset = defineRoute({
  method: 'POST',
  path: '/api/auth/forgot-password',
  load: async () => {
    const { ForgotPasswordRequestSchema, MessageResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Email a password reset link (the answer is the same whether or not the account exists)',
      body: ForgotPasswordRequestSchema,
      responses: { 200: MessageResponseSchema },
      errors: [400, 403, 409, 413, 415, 429, 500],
    };
  },
});

export const checkResetLink = defineRoute({
  method: 'GET',
  path: '/api/auth/reset-password',
  load: async () => {
    const { ResetLinkQuerySchema, ResetLinkResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Whether an emailed reset link can still be used (400 invalid_token when used or expired), so the page says so before any form. Uses nothing up: mail scanners open links',
      query: ResetLinkQuerySchema,
      responses: { 200: ResetLinkResponseSchema },
      errors: [400, 409, 429, 500],
    };
  },
});

export const resetPassword = defineRoute({
  method: 'POST',
  path: '/api/auth/reset-password',
  load: async () => {
    const { MessageResponseSchema, ResetPasswordFormSchema } = await schemas();
    return {
      tags,
      summary: 'Choose a new password with the emailed link; signs out every session',
      body: ResetPasswordFormSchema,
      responses: { 200: MessageResponseSchema },
      errors: [400, 403, 409, 413, 415, 429, 500],
    };
  },
});
