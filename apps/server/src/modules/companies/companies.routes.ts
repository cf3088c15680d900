import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/contracts/common';
import { companyRecord } from '@portal/contracts/companies';
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
};
