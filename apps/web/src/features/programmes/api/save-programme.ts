import { programmesApi } from '@portal/contracts/api/programmes';
import type { ProgrammeInput } from '@portal/contracts/programmes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from '../../../lib/programmes-query.ts';
import { getUnmappedDegreesQueryOptions } from './get-unmapped-degrees.ts';

/** Adds a programme (no id) or saves one; a new programme may map students' texts, so both lists refresh. */
export const saveProgramme = ({ id, body }: { id: string | null; body: ProgrammeInput }) =>
  id === null
    ? api.call(programmesApi.add, { body })
    : api.call(programmesApi.edit, { params: { id }, body });

export const setProgrammeRetired = ({ id, retired }: { id: string; retired: boolean }) =>
  api.call(programmesApi.retire, { params: { id }, body: { retired } });

export const importProgrammes = (csv: string) => api.call(programmesApi.import, { body: { csv } });

export const mapDegree = (body: { text: string; code: string }) => api.call(programmesApi.map, { body });

/** Whatever changes the catalogue or a mapping: the catalogue and the unmapped texts are read again. */
function useCatalogueMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProgrammesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getUnmappedDegreesQueryOptions().queryKey }),
      ]),
  });
}

export const useSaveProgramme = () => useCatalogueMutation(saveProgramme);
export const useSetProgrammeRetired = () => useCatalogueMutation(setProgrammeRetired);
export const useImportProgrammes = () => useCatalogueMutation(importProgrammes);
export const useMapDegree = () => useCatalogueMutation(mapDegree);
