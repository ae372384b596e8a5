import type { JsonSchema } from './json-schema-arbitraries';

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};

type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApiDocument = { paths: Record<string, Record<string, OperationObject>> };

/** One path and method of the document, with what a request to it may carry. */
export type Operation = {
  /** `POST /api/notes`, as test names and failure reports show it. */
  name: string;
  method: string;
  /** The OpenAPI path template, e.g. `/api/notes/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, if the operation takes one. */
  body?: JsonSchema;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        return {
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          parameters: operation.parameters ?? [],
          ...(body ? { body } : {}),
        };
      }),
  );
}
