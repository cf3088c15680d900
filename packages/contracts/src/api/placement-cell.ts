import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { placementCell, placementCellDetails } from '../placement-cell.ts';

const tags = ['placement-cell'];

/** The placement cell's public details (About, Contact), edited by staff. */
export const placementCellApi = {
  details: endpoint({
    method: 'GET',
    path: '/api/placement-cell',
    access: 'public',
    tags,
    summary: "The placement cell's name, address, email and phone, as About and Contact show them",
    response: placementCellDetails,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/college-staff/placement-cell',
    access: ['college-staff'],
    tags,
    summary: "Save the placement cell's public details",
    body: placementCell,
    response: z.string(),
  }),
};
