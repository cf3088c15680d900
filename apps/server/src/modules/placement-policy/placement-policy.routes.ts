import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/contracts/common';
import {
  placementPolicyBody,
  placementPolicyPreview,
  placementPolicyState,
} from '@portal/contracts/placement-policy';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { PlacementPolicyService } from './placement-policy.service.ts';

export const placementPolicyRoutes: FastifyPluginAsyncZod<{
  placementPolicyService: PlacementPolicyService;
}> = async (app, { placementPolicyService: service }) => {
  const config = { access: ['college-staff'] } as const;
  const tags = ['college-staff'];

  app.get(
    '/api/college-staff/placementPolicy',
    {
      config,
      schema: {
        tags,
        summary: 'The placement policy in force and the saved versions, newest first: the newest 100',
        response: { 200: envelope(placementPolicyState), ...errorResponses },
      },
    },
    async () => ({ message: await service.state() }),
  );

  app.put(
    '/api/college-staff/placementPolicy',
    {
      config,
      schema: {
        tags,
        summary: 'Save the placement policy as a new version (400 if unchanged, 409 if saved meanwhile)',
        body: placementPolicyBody,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.save(currentAccount(request), request.body) }),
  );

  app.post(
    '/api/college-staff/placementPolicy/preview',
    {
      config,
      schema: {
        tags,
        summary:
          'Dry run: students who would gain or lose the right to apply to open jobs under a draft policy',
        body: placementPolicyBody,
        response: { 200: envelope(placementPolicyPreview), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.preview(request.body) }),
  );
};
