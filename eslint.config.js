import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const API = 'apps/api/src';

/**
 * The API modules each module may use, through its index.ts. Kept acyclic: a module lists only
 * modules above it here, so no two folders ever depend on each other.
 */
const API_MODULE_DEPENDENCIES = {
  'outgoing-mail': [],
  listings: [],
  auth: ['outgoing-mail'],
  helplines: [],
  services: ['helplines', 'listings'],
  events: [],
  idempotency: ['services'],
  applications: ['idempotency', 'outgoing-mail'],
  bookmarks: ['auth', 'events', 'services'],
  votes: ['auth', 'services'],
  suggestions: ['auth', 'idempotency'],
  notes: ['auth', 'idempotency', 'services'],
  reviews: ['auth', 'idempotency', 'services'],
  newsletter: ['outgoing-mail'],
  moderation: ['auth', 'idempotency', 'listings', 'outgoing-mail'],
  providers: ['auth', 'idempotency', 'listings', 'outgoing-mail'],
  oruk: [],
  'organiser-events': ['auth', 'events', 'idempotency', 'listings', 'moderation', 'outgoing-mail'],
};

const element = (type, captured) => ({ element: captured ? { type, captured } : { type } });
const forbid = (from, to) => ({ from: { element: { type: from } }, disallow: { to: element(to) } });

/** Which folder may import which (docs/decisions/015). Tests may reach anything they test. */
const boundaryRules = {
  files: ['apps/*/src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
  plugins: { boundaries },
  settings: {
    'import/resolver': {
      typescript: {
        project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      },
    },
    'boundaries/elements': [
      { type: 'web-app', pattern: `${WEB}/app` },
      { type: 'web-feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
      { type: 'web-components', pattern: `${WEB}/components` },
      { type: 'web-hooks', pattern: `${WEB}/hooks` },
      { type: 'web-lib', pattern: `${WEB}/lib` },
      { type: 'web-config', pattern: `${WEB}/config` },
      {
        type: 'api-module-entry',
        pattern: `${API}/modules/*/index.ts`,
        // v7's partialMatch: false does not match a file by its full path as this does.
        mode: 'full',
        capture: ['module'],
      },
      { type: 'api-module', pattern: `${API}/modules/*`, capture: ['module'] },
      { type: 'api-capabilities', pattern: `${API}/capabilities` },
      { type: 'api-plugins', pattern: `${API}/plugins` },
      { type: 'api-http', pattern: `${API}/http` },
      { type: 'api-lib', pattern: `${API}/lib` },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          // A web feature never imports another: pages in app/ compose them, and what several
          // share lives in components/, hooks/ or lib/, which import no feature and no page.
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: element('web-feature', { feature: '!{{ from.captured.feature }}' }) },
          },
          ...['web-feature', 'web-components', 'web-hooks', 'web-lib', 'web-config'].map((from) =>
            forbid(from, 'web-app'),
          ),
          ...['web-components', 'web-hooks', 'web-lib', 'web-config'].map((from) =>
            forbid(from, 'web-feature'),
          ),
          // The shared folders in layers: components > hooks > lib > config.
          forbid('web-hooks', 'web-components'),
          ...['web-components', 'web-hooks'].map((to) => forbid('web-lib', to)),
          ...['web-components', 'web-hooks', 'web-lib'].map((to) => forbid('web-config', to)),
          // API: capabilities (one home each for what many modules need), plugins and the shared
          // lib/ and http/ never import modules; lib/ imports no plugin either.
          ...['api-capabilities', 'api-plugins', 'api-lib', 'api-http'].flatMap((from) => [
            forbid(from, 'api-module'),
            forbid(from, 'api-module-entry'),
          ]),
          forbid('api-lib', 'api-plugins'),
          // A module reaches another only through its index.ts, and only those listed above.
          {
            from: { element: { type: 'api-module' } },
            disallow: {
              to: {
                element: {
                  type: ['api-module', 'api-module-entry'],
                  captured: { module: '!{{ from.captured.module }}' },
                },
              },
            },
          },
          ...Object.entries(API_MODULE_DEPENDENCIES).map(([module, uses]) => ({
            from: element('api-module', { module }),
            allow: { to: element('api-module-entry', { module: uses }) },
          })),
        ],
      },
    ],
  },
};

/** Tests, benchmarks and test helpers build their own replies and databases. */
const API_NOT_SOURCE = ['**/*.test.ts', 'apps/api/src/testing/**', 'apps/api/src/bench/**'];
const REFUSE_WITH =
  'Refuse with refuse(reply, status, refusal(code, message)) from capabilities/refusals.ts.';
const REFUSAL_SYNTAX = [
  {
    selector: 'CallExpression[callee.property.name=/^(code|status)$/][arguments.0.value>=400]',
    message: REFUSE_WITH,
  },
  {
    selector:
      "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name='code']",
    message: REFUSE_WITH,
  },
];
const ROUTES_SPEAK_HTTP =
  'A route parses, calls a service or repository and replies: SQL and transactions belong in *.repository.ts or *.service.ts.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  boundaryRules,
  {
    // One owner of the API's repeating timers, which stops them on close and runs each job in
    // one instance at a time (capabilities/scheduler.ts).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/capabilities/scheduler.ts', 'apps/api/src/bench/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'setInterval',
          message: 'Repeat work with app.scheduler.every (capabilities/scheduler.ts).',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'globalThis',
          property: 'setInterval',
          message: 'Repeat work with app.scheduler.every (capabilities/scheduler.ts).',
        },
      ],
    },
  },
  {
    // One way to refuse: refuse(reply, status, body) with a Refusal whose code is an ErrorCode
    // (capabilities/refusals.ts), so every error body has one shape and one list of codes.
    files: ['apps/api/src/**/*.ts'],
    ignores: [...API_NOT_SOURCE, 'apps/api/src/capabilities/refusals.ts'],
    rules: { 'no-restricted-syntax': ['error', ...REFUSAL_SYNTAX] },
  },
  {
    // Routes speak HTTP: parse, call a service or repository, reply. SQL and transactions live
    // in the module's *.repository.ts and *.service.ts.
    files: ['apps/api/src/**/*.routes.ts'],
    ignores: API_NOT_SOURCE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@locals/db/client', '@locals/db/schema', 'drizzle-orm'].map((name) => ({
            name,
            message: ROUTES_SPEAK_HTTP,
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...REFUSAL_SYNTAX,
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: ROUTES_SPEAK_HTTP,
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
