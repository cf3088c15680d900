import {
  type PlacementCell,
  type PlacementCellDetails,
  placementCellMessages,
} from '@portal/contracts/placement-cell';
import type { SessionAccount } from '../../plugins/access.ts';
import type { PlacementCellRepo } from './placement-cell.repo.ts';

const empty: PlacementCellDetails = { name: '', address: '', email: '', phone: '' };

/** The placement cell's public details: anyone reads them, staff save them. */
export function createPlacementCellService({ placementCellRepo }: { placementCellRepo: PlacementCellRepo }) {
  return {
    async details(): Promise<PlacementCellDetails> {
      return (await placementCellRepo.details()) ?? empty;
    },

    async save(staff: SessionAccount, cell: PlacementCell): Promise<string> {
      await placementCellRepo.save(cell, staff.id);
      return placementCellMessages.saved;
    },
  };
}
export type PlacementCellService = ReturnType<typeof createPlacementCellService>;
