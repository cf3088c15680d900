import { companyEmailSettings, studentEmailSettings } from '../email-settings.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['email settings'];

/** Which emails a student or a company receives, shown and changed on their profile page. */
export const emailSettingsApi = {
  student: {
    get: endpoint({
      method: 'GET',
      path: '/api/student/emailSettings',
      access: ['student'],
      tags,
      summary: "The student's email settings",
      response: studentEmailSettings,
    }),
    set: endpoint({
      method: 'PUT',
      path: '/api/student/emailSettings',
      access: ['student'],
      tags,
      summary: 'Turn stage-change and interview emails on or off',
      body: studentEmailSettings,
      response: studentEmailSettings,
    }),
  },

  company: {
    get: endpoint({
      method: 'GET',
      path: '/api/company/emailSettings',
      access: ['company'],
      tags,
      summary: "The company's email settings",
      response: companyEmailSettings,
    }),
    set: endpoint({
      method: 'PUT',
      path: '/api/company/emailSettings',
      access: ['company'],
      tags,
      summary: 'Turn new-applicant emails on or off',
      body: companyEmailSettings,
      response: companyEmailSettings,
    }),
  },
};
