import { describe, expect, it } from 'vitest';
import { companySignupBody, companySignupForm } from './auth.ts';
import { companyProfileUpdate } from './companies.ts';
import { claimsToBeTheCollege, companyName } from './company-names.ts';
import { companySender, invalid, required } from './messages.ts';

describe('company names that claim to be the college', () => {
  it.each([
    'Placement cell (Priya Nair)',
    'PLACEMENT-CELL',
    'Placement_Cell',
    'placementcell',
    'The Placement Cells',
    'Placements Office',
    'Training & Placement Office',
    'Training and Placement Cell',
    'Training-Placement',
    'T&P Cell',
    'T & P',
    'TnP Cell',
    'TPO',
    'T.P.O.',
    'tpo office',
    'College Staff',
    'Placement staff',
    'Admin',
    'Portal Admin',
    'Administrator',
    'College Administration',
    'The College',
    'Portal',
    'the portal',
    'Career Development Cell',
    'Placement Portal',
    'Plаcement cell', // a Cyrillic а
    'P1acement Cell',
    'Adm1n',
    'Place\u200bment Cell', // a zero-width space
    'PLACÉMENT CELL',
    'P L A C E M E N T   C E L L',
    'ＰＬＡＣＥＭＥＮＴ ＣＥＬＬ', // full-width letters
  ])('refuses %s', (name) => {
    expect(claimsToBeTheCollege(name)).toBe(true);
    const parsed = companyName.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(invalid.companyName);
  });

  it.each([
    'Globex',
    'Cellular Networks Ltd',
    'Adminis Corp',
    'Replacement Cells Ltd',
    'Staffing Solutions',
    'Portal Software Pvt Ltd',
    'College Board Inc',
    'Placement Partners',
    'A&P Foods',
    'Tata Consultancy Services',
    'Principal Global Services',
    '3M India',
    'Yahoo!',
    'Infosys 360',
    'Cell C',
  ])('accepts %s', (name) => {
    expect(claimsToBeTheCollege(name)).toBe(false);
    expect(companyName.parse(`  ${name} `)).toBe(name);
  });

  it('applies to the sign-up form, the sign-up request and the profile update', () => {
    const person = {
      firstName: 'Priya',
      lastName: 'Nair',
      emailID: 'p@x.com',
      phone: '9876543210',
      staffID: '1',
      password: 'secret1',
      cpass: 'secret1',
    };
    const name = 'Placement cell (Priya Nair)';
    const form = companySignupForm.safeParse({ ...person, company: name });
    const body = companySignupBody.safeParse({ personalDetail: person, company: name });
    const { firstName, lastName, phone, staffID } = person;
    const profile = companyProfileUpdate.safeParse({ firstName, lastName, phone, staffID, company: name });
    for (const parsed of [form, body, profile]) {
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([invalid.companyName]);
    }
    expect(companyName.safeParse('  ').error?.issues[0]?.message).toBe(required.company);
  });

  it('answers quickly on a long hostile name', () => {
    const started = Date.now();
    for (let i = 0; i < 200; i++) claimsToBeTheCollege(`${'placement '.repeat(9)}x${i}`);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('companySender', () => {
  it('names a company as a recruiter', () => {
    expect(companySender('Globex')).toBe('Globex (recruiter)');
  });
});
