import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import {
  GET_JOBS_CAP,
  job,
  jobStatusBody,
  jobWithCounts,
  postJobBody,
  vacancyListing,
  vacancyPage,
  vacancyQuery,
} from '@portal/contracts/jobs';
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
        summary: `Open vacancies by company, marked applied or not eligible: at most ${GET_JOBS_CAP}`,
        description:
          `The spec's listing, capped at the ${GET_JOBS_CAP} open jobs with the soonest deadlines ` +
          '(grouped by company in that order). GET /api/student/jobs pages through all of them, ' +
          'with search, sort and an eligible-only filter.',
        response: { 200: envelope(vacancyListing), ...errorResponses },
      },
    },
    async (request) => ({ message: await jobsService.vacanciesFor(currentAccount(request).id) }),
  );

  app.get(
    '/api/student/jobs',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'A page of open vacancies: searched, sorted, optionally only those the student may apply to',
        description:
          '`search` matches part of the job role or the company name, in any case. `sort`: ' +
          '`deadline` (soonest first, the default), `newest` (posted), `package` (highest first, ' +
          'none last). `eligibleOnly=true` keeps the jobs the student may apply to today. Each ' +
          'item carries the reason the student may not apply (`notEligibleReason`) and its kind ' +
          '(`refusal`: `notOpenYet`, `closed` or `notEligible`).',
        querystring: vacancyQuery,
        response: { 200: envelope(vacancyPage), ...errorResponses },
      },
    },
    async (request) => ({
      message: await jobsService.vacancyPage(currentAccount(request).id, request.query),
    }),
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
        summary:
          "The company's own jobs, newest first, with applicants per stage: the newest 200 (bounds.jobs)",
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
