import { z } from 'zod';
import { accountStatus, notification } from './common.ts';

export const internship = z.object({
  _id: z.string(),
  company: z.string(),
  role: z.string(),
  duration: z.string(),
  description: z.string(),
});
export type Internship = z.infer<typeof internship>;

export const project = z.object({
  _id: z.string(),
  title: z.string(),
  link: z.string(),
  duration: z.string(),
  description: z.string(),
});
export type Project = z.infer<typeof project>;

export const studentPersonalDetail = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fathersName: z.string(),
  mothersName: z.string(),
  emailID: z.string(),
  phone: z.string(),
  /** API path of the picture, or an empty string when none was uploaded. */
  profilePicture: z.string(),
});

export const educationalDetails = z.object({
  rollNumber: z.number().nullable(),
  degrees: z.array(z.string()),
  collegeName: z.string(),
  cgpa: z.number().nullable(),
  yearOfPassing: z.number().nullable(),
});
export type EducationalDetails = z.infer<typeof educationalDetails>;

export const placementStatus = z.object({
  isPlaced: z.boolean(),
  companyName: z.string(),
  packageOffered: z.number().nullable(),
  status: z.string(),
});
export type PlacementStatus = z.infer<typeof placementStatus>;

/** The student record as the spec names it; never carries a password or hash. */
export const studentRecord = z.object({
  _id: z.string(),
  role: accountStatus,
  personalDetail: studentPersonalDetail,
  educationalDetails,
  /** API path of the resume PDF, or an empty string when none was uploaded. */
  resume: z.string(),
  placementStatus,
  applicationStatus: z.string(),
  pastInternshipsProjects: z.object({
    internships: z.array(internship),
    projects: z.array(project),
  }),
  notifications: z.array(notification),
});
export type StudentRecord = z.infer<typeof studentRecord>;
