import { roles } from '@portal/contracts/common';
import { describe, expect, it } from 'vitest';
import { menuHref, menuLabels, paths } from './paths.ts';

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
