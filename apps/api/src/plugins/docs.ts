import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the routes' zod schemas: JSON at /api/docs/json, browsable at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Locals API',
          description:
            'Locals helping locals: local health, help and support services in the UK. ' +
            'Requests that change data must send the header X-Requested-With.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    // The UI's scripts and styles are files under /api/docs/static, so the site-wide CSP
    // (script-src 'self') already allows them.
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  },
  { name: 'docs' },
);
