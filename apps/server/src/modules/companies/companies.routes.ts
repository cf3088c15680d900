import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import { companyRecord } from '@portal/contracts/companies';
import { companyProfileUpdate } from '@portal/contracts/pipeline';
import { companyDetails, companySummary } from '@portal/contracts/staff';
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
      config: { access: ['company'] },
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
        body: companyProfileUpdate,
        response: { 200: envelope(companyRecord), ...errorResponses },
      },
    },
    async (request) => ({
      message: await companiesService.updateProfile(currentAccount(request).id, request.body),
    }),
  );

  app.get(
    '/api/college-staff/companies',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary: 'Companies that signed up, with their recruiter and counts of jobs and applicants',
        response: { 200: envelope(z.array(companySummary)), ...errorResponses },
      },
    },
    async () => ({ message: await companiesService.summaries() }),
  );

  app.get(
    '/api/college-staff/companyDetails/:id',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary: "A company's jobs with applicants counted per stage",
        params: idParam,
        response: { 200: envelope(companyDetails), ...errorResponses },
      },
    },
    async (request) => ({ message: await companiesService.detailsForStaff(request.params.id) }),
  );
};
