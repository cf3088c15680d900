import { roles } from '@portal/contracts/common';
import { describe, expect, it } from 'vitest';
import { menuHref, menuLabels, paths, roleRoutes } from './paths.ts';

describe('side menu links', () => {
  it('derives every menu link from its label', () => {
    for (const role of roles) {
      for (const label of menuLabels[role]) expect(menuHref(role, label)).toMatch(/^\/[\w-]+\/\w+$/);
    }
    expect(menuHref('student', 'Academic Details')).toBe(paths.student.academicDetails);
    expect(menuHref('company', 'Job Posts')).toBe(paths.company.jobposts);
    expect(menuHref('college-staff', 'Reset Password')).toBe(paths.staff.resetPassword);
  });
});

describe('pages that emails link to', () => {
  it('sit under the sign-in page of their role, so the public layout treats them as sign-in pages', () => {
    for (const role of roles) {
      expect(roleRoutes[role].forgotPassword.startsWith(`${roleRoutes[role].signin}/`)).toBe(true);
      expect(roleRoutes[role].resetPassword.startsWith(`${roleRoutes[role].signin}/`)).toBe(true);
      expect(roleRoutes[role].confirmEmail.startsWith(`${roleRoutes[role].signin}/`)).toBe(true);
    }
  });
});
