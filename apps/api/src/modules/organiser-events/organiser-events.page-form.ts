import {
  EVENT_FORM_FIELDS,
  EventSubmissionSchema,
  eventFormErrors,
  submissionFromForm,
  type EventSubmission,
} from '@locals/contracts/organiser-events';
import {
  MY_EVENTS_PATH,
  NEW_EVENT_PATH,
  editEventPath,
  type SubmittedForm,
} from '@locals/contracts/page-forms';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Refusal } from '../../capabilities/refusals';
import { registerPageForms } from '../../http/page-form';
import { signedInByCookie } from '../auth';
import {
  createOrganiserEvents,
  type Answer,
  type EventAnswer,
  type Organiser,
} from './organiser-events.service';

export const SIGN_IN_TO_SEND =
  'You are not signed in, so the event was not sent. Sign in, then send the form again.';
export const TOO_MANY_FORMS =
  'There have been too many events sent from your connection in the last minute. Wait a minute, then try again.';

/** Longer than the schema allows, so a field typed too long is refused, never cut short. */
const FIELD_LIMITS: Partial<Record<string, number>> = { description: 10_000, accessibility: 5_000 };

/** The form's fields as typed, each text (a checkbox left unticked is absent, so empty). */
function formValues(body: unknown): Record<string, string> {
  const fields = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    EVENT_FORM_FIELDS.map((name) => {
      const value = fields[name];
      return [name, typeof value === 'string' ? value.slice(0, FIELD_LIMITS[name] ?? 1000) : ''];
    }),
  );
}

/** Messages by form field, for the page: the schema's issues, or a refusal's fieldErrors. */
function pageErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(eventFormErrors(issues))) {
    if (message) errors[field] = message;
  }
  return errors;
}

/** Where a refusal is shown: beside the fields it names, the postcode's, or the whole form's. */
function refusalErrors(body: Refusal): Record<string, string> {
  const issues = Object.entries(body.fieldErrors ?? {}).flatMap(([path, messages]) =>
    messages[0] ? [{ path: path.split('.'), message: messages[0] }] : [],
  );
  if (issues.length > 0) return pageErrors(issues);
  if (body.code === 'postcode_not_found') return { postcode: body.message };
  return { form: body.message };
}

type Send = (person: Organiser, event: EventSubmission) => Promise<Answer<EventAnswer>>;

/**
 * The event form without JavaScript (decision 036): a new event at NEW_EVENT_PATH and a change
 * at /my-events/:id/edit, read with the API's schema and sent through the same service as the
 * API. Success goes on to My events; anything else is the form's page again, with everything
 * typed and what to do. Only where pages are served (the web plugin's `sendPage`).
 */
export const organiserEventsPageForm: FastifyPluginAsync = async (app) => {
  if (!app.hasDecorator('sendPage')) return;
  const organiserEvents = createOrganiserEvents(app);

  const formPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    errors: SubmittedForm['errors'],
  ) => {
    const path = pagePathOf(request);
    return app.sendPage(request, reply, {
      path,
      status,
      form: { form: 'event', values: formValues(request.body), errors },
    });
  };

  async function receive(
    request: FastifyRequest,
    reply: FastifyReply,
    send: Send,
    successPath: (answer: EventAnswer) => string,
  ) {
    const person = await signedInByCookie(request);
    if (!person) return formPage(request, reply, 401, { form: SIGN_IN_TO_SEND });
    const parsed = EventSubmissionSchema.safeParse(submissionFromForm(formValues(request.body)));
    if (!parsed.success) return formPage(request, reply, 400, pageErrors(parsed.error.issues));
    const answer = await send(person, parsed.data);
    if (answer.ok) return reply.redirect(successPath(answer.body), 303);
    if (answer.headers) void reply.headers(answer.headers);
    return formPage(request, reply, answer.status, refusalErrors(answer.body));
  }

  const options = {
    schema: { hide: true },
    // A minute's limit as the API's other forms have (page routes are otherwise left out of
    // rate limits), counted once the body is read, so the page can give back what was typed.
    config: {
      rateLimit: { max: 10, timeWindow: '1 minute', allowList: () => false, hook: 'preHandler' },
    },
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.statusCode !== 429) throw error;
      void formPage(request, reply, 429, { form: TOO_MANY_FORMS });
    },
  } as const;

  await registerPageForms(app, (forms) => {
    forms.post(NEW_EVENT_PATH, options, (request, reply) =>
      receive(
        request,
        reply,
        async (person, event) =>
          (await organiserEvents.tooManyFromAddress(request)) ??
          organiserEvents.submit(person, event, undefined, request.log),
        (answer) => myEventsConfirming('submitted', answer),
      ),
    );

    forms.post<{ Params: { id: string } }>('/my-events/:id/edit', options, (request, reply) =>
      receive(
        request,
        reply,
        (person, event) => organiserEvents.edit(person, request.params.id, event, request.log),
        (answer) => myEventsConfirming('changed', answer),
      ),
    );
  });
};

/** My events, naming the event sent so the page can say what became of it. */
function myEventsConfirming(what: 'submitted' | 'changed', answer: EventAnswer): string {
  return `${MY_EVENTS_PATH}?${new URLSearchParams({ [what]: answer.data.id }).toString()}`;
}

/** The page the form was sent from: a new event's, or the edit page of the event in the URL. */
function pagePathOf(request: FastifyRequest): string {
  const { id } = (request.params ?? {}) as { id?: string };
  return id === undefined ? NEW_EVENT_PATH : editEventPath(id);
}
