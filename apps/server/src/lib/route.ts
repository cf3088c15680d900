import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { envelope } from '@portal/contracts/common';
import { type Access, type EndpointShape, tagsOf } from '@portal/contracts/endpoint';
import type { SessionAccount } from '../plugins/access.ts';
import { errorResponses } from './error-responses.ts';
import { Unauthorized } from './errors.ts';
import { auth } from '@portal/contracts/messages';

type Parsed<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** A route that names roles (or any signed-in account) never runs without one. */
type AccountOf<A extends Access> = A extends 'public' ? SessionAccount | null : SessionAccount;

/** What a handler gets: the request's parts as the endpoint's schemas parsed them, and who asked. */
export type RouteInput<E extends EndpointShape> = {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
  account: AccountOf<E['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * What a handler resolves to: the data of a JSON answer (sent as `{ message }`, or as the whole body
 * for a `whole` endpoint, checked and serialized by the endpoint's response schema), or, for a raw
 * answer, the reply it sent.
 */
type RouteOutput<E extends EndpointShape> = E extends { raw: object } ? FastifyReply : z.input<E['response']>;

/** Fastify options a route may add to what its endpoint declares (rate limits, a body limit). */
export type RouteOptions = Pick<RouteShorthandOptions, 'preHandler' | 'bodyLimit'>;

/**
 * Registers the route of an endpoint described in the contracts: its method and path, its access
 * declaration (`plugins/access.ts` enforces it), its schemas (validation, serialization and the
 * OpenAPI document) and each error reply. The handler calls one service and returns its data.
 */
export function route<const E extends EndpointShape>(
  app: FastifyInstance,
  e: E,
  handler: (input: RouteInput<E>) => Promise<RouteOutput<E>>,
  options: RouteOptions = {},
): void {
  const status = e.status ?? 200;
  app.route({
    method: e.method,
    url: e.path,
    ...options,
    config: {
      access: e.access,
      ...(e.allowSuspended ? { allowSuspended: true } : {}),
      ...(e.approvedCompanyOnly ? { approvedCompanyOnly: true } : {}),
      ...(e.allowRejected ? { allowRejected: true } : {}),
    },
    schema: {
      tags: [...tagsOf(e)],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(e.raw
        ? { produces: [...e.raw.produces], response: { 200: e.response, ...errorResponses, ...e.responses } }
        : { response: { [status]: e.whole ? e.response : envelope(e.response), ...errorResponses } }),
    },
    handler: async (request, reply) => {
      const account = request.account;
      if (e.access !== 'public' && !account) throw new Unauthorized(auth.notSignedIn);
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        account,
        request,
        reply,
      } as RouteInput<E>;
      const result = await handler(input);
      if (e.raw) return result;
      return (reply as FastifyReply).code(status).send(e.whole ? result : { message: result });
    },
  });
}
