import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Messages for Fastify's own client errors, in words a user can act on. */
function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but JSON was declared.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      break;
  }
  if (err instanceof SyntaxError) return 'The request body is not valid JSON.';
  if (err.validation) return `Invalid request: ${err.message}`;
  return err.message || 'Bad request';
}

/**
 * Every failure answers { success: false, message }. Client errors say what was wrong; server errors are
 * logged with their stack and answer a generic message, so no internals reach the client.
 */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      const issues = (err as HttpError & { issues?: unknown }).issues;
      return reply.status(err.statusCode).send({ success: false, message: err.message, ...(issues ? { issues } : {}) });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ success: false, message: 'Something went wrong. Please try again later.' });
    }
    return reply.status(status).send({ success: false, message: clientMessage(err) });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ success: false, message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
