import { roles } from '@portal/contracts/common';
import { describe, expect, it } from 'vitest';
import { menus, roleRoutes } from './paths.ts';

describe('side menu links', () => {
  it("lead each role to a page of its own area, each page once, with the spec's spelling", () => {
    for (const role of roles) {
      const links = menus[role].map((item) => item.to);
      for (const to of links) expect(to.startsWith(`${roleRoutes[role].area}/`), to).toBe(true);
      expect(new Set(links).size).toBe(links.length);
    }
    const link = (role: (typeof roles)[number], label: string) =>
      menus[role].find((item) => item.label === label)?.to;
    expect(link('student', 'Academic Details')).toBe('/student/academicDetails');
    expect(link('company', 'Job Posts')).toBe('/company/jobposts');
    expect(link('college-staff', 'Reset Password')).toBe('/college-staff/resetPassword');
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
