import { endpoint } from '../endpoint.ts';
import { staffProfileUpdate, staffRecord } from '../staff.ts';

/** Staff: the signed-in staff member's own record. */
export const staffApi = {
  profile: endpoint({
    method: 'GET',
    path: '/api/college-staff/getCollegeStaffData',
    access: ['college-staff'],
    summary: "The signed-in staff member's record",
    response: staffRecord,
  }),

  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/college-staff/collegeStaffProfileUpdate',
    access: ['college-staff'],
    summary: 'Update the own personal details (not the email)',
    body: staffProfileUpdate,
    response: staffRecord,
  }),
};
