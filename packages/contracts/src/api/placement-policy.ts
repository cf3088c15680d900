import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { placementPolicyBody, placementPolicyPreview, placementPolicyState } from '../placement-policy.ts';

/** The placement policy: the staff read it, save a new version of it, and try a draft first. */
export const placementPolicyApi = {
  state: endpoint({
    method: 'GET',
    path: '/api/college-staff/placementPolicy',
    access: ['college-staff'],
    summary: 'The placement policy in force and the saved versions, newest first: the newest 100',
    response: placementPolicyState,
  }),

  save: endpoint({
    method: 'PUT',
    path: '/api/college-staff/placementPolicy',
    access: ['college-staff'],
    summary: 'Save the placement policy as a new version (400 if unchanged, 409 if saved meanwhile)',
    body: placementPolicyBody,
    response: z.string(),
  }),

  preview: endpoint({
    method: 'POST',
    path: '/api/college-staff/placementPolicy/preview',
    access: ['college-staff'],
    summary: 'Dry run: students who would gain or lose the right to apply to open jobs under a draft policy',
    body: placementPolicyBody,
    response: placementPolicyPreview,
  }),
};
