import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import { companyProfileUpdate, companyRecord } from '@portal/contracts/companies';
import {
  companyDetails,
  companyListQuery,
  companyNameDecisionBody,
  companyPage,
  companyStatusBody,
} from '@portal/contracts/staff';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { CompaniesService } from './companies.service.ts';

export const companiesRoutes: FastifyPluginAsyncZod<{ companiesService: CompaniesService }> = async (
  app,
  { companiesService },
) => {
  app.get(
    '/api/company/getCompanyData',
    {
      // A rejected company still reads its record: it carries the reason it is shown.
      config: { access: ['company'], allowRejected: true },
      schema: {
        tags: ['company'],
        summary: "The signed-in company's record",
        response: { 200: envelope(companyRecord), ...errorResponses },
      },
    },
    async (request) => ({ message: await companiesService.getOwnRecord(currentAccount(request).id) }),
  );

  app.put(
    '/api/company/companyProfileUpdate',
    {
      config: { access: ['company'] },
      schema: {
        tags: ['company'],
        summary: "Update the recruiter's details and the company name (not the email)",
        description:
          'A company awaiting approval is renamed at once. An approved company keeps its approved name, ' +
          'which students see, and the new one waits for the placement cell (`pendingName`); sending ' +
          'the approved name again withdraws it. A name that claims to be the placement cell, the ' +
          'college, its staff or the portal is refused.',
        body: companyProfileUpdate,
        response: { 200: envelope(companyRecord), ...errorResponses },
      },
    },
    async (request) => ({
      message: await companiesService.updateProfile(currentAccount(request), request.body),
    }),
  );

  app.get(
    '/api/college-staff/companies',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary:
          'Companies that signed up (those awaiting approval first), with their recruiter and counts of jobs and applicants, a page at a time (20 by default, at most 100), with the total',
        querystring: companyListQuery,
        response: { 200: envelope(companyPage), ...errorResponses },
      },
    },
    async (request) => ({ message: await companiesService.summaries(request.query) }),
  );

  app.put(
    '/api/college-staff/companies/:id/status',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary:
          'Approve or reject a company, suspend it or allow it again, with an optional reason shown to it',
        params: idParam,
        body: companyStatusBody,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({
      message: await companiesService.setStatus(currentAccount(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/college-staff/companies/:id/name',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary:
          'Approve or reject the new name an approved company asked for, naming the one seen, with an optional reason shown to it',
        params: idParam,
        body: companyNameDecisionBody,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({
      message: await companiesService.decideName(currentAccount(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/college-staff/companyDetails/:id',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary:
          "A company's jobs with applicants counted per stage, and the decisions about it: the newest 200 jobs and 100 decisions",
        params: idParam,
        response: { 200: envelope(companyDetails), ...errorResponses },
      },
    },
    async (request) => ({ message: await companiesService.detailsForStaff(request.params.id) }),
  );
};
