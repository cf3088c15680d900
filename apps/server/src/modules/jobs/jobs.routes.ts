import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import { job, postJobBody, vacancyListing } from '@portal/contracts/jobs';
import { jobStatusBody, jobWithCounts } from '@portal/contracts/pipeline';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { JobsService } from './jobs.service.ts';

export const jobsRoutes: FastifyPluginAsyncZod<{ jobsService: JobsService }> = async (
  app,
  { jobsService },
) => {
  app.get(
    '/api/student/getJobs',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Open vacancies by company, marked applied or not eligible',
        response: { 200: envelope(vacancyListing), ...errorResponses },
      },
    },
    async (request) => ({ message: await jobsService.vacanciesFor(currentAccount(request).id) }),
  );

  app.post(
    '/api/company/postJob',
    {
      config: { access: ['company'] },
      schema: {
        tags: ['company'],
        summary: 'Post a job',
        body: postJobBody,
        response: { 201: envelope(job), ...errorResponses },
      },
    },
    async (request, reply) => {
      const posted = await jobsService.post(currentAccount(request).id, request.body.value);
      return reply.status(201).send({ message: posted });
    },
  );

  app.get(
    '/api/company/jobs',
    {
      config: { access: ['company'] },
      schema: {
        tags: ['company'],
        summary: "The company's own jobs, newest first, with applicants per stage",
        response: { 200: envelope(z.array(jobWithCounts)), ...errorResponses },
      },
    },
    async (request) => ({ message: await jobsService.withCounts(currentAccount(request).id) }),
  );

  app.put(
    '/api/company/jobs/:id',
    {
      config: { access: ['company'] },
      schema: {
        tags: ['company'],
        summary: 'Edit one of the own jobs',
        params: idParam,
        body: postJobBody.shape.value,
        response: { 200: envelope(job), ...errorResponses },
      },
    },
    async (request) => ({
      message: await jobsService.update(currentAccount(request).id, request.params.id, request.body),
    }),
  );

  app.put(
    '/api/company/jobs/:id/status',
    {
      config: { access: ['company'] },
      schema: {
        tags: ['company'],
        summary: 'Close or reopen one of the own jobs',
        params: idParam,
        body: jobStatusBody,
        response: { 200: envelope(job), ...errorResponses },
      },
    },
    async (request) => ({
      message: await jobsService.setStatus(
        currentAccount(request).id,
        request.params.id,
        request.body.status,
      ),
    }),
  );
};
