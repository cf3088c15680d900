import { driveDaysApi } from '@portal/contracts/api/drive-days';
import type { PanelBody } from '@portal/contracts/drive-days';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A company's drive-day calls: its days, panels, shortlist order and no-shows. */
export const companyDriveDaysKey = ['company', 'driveDays'] as const;

export const getCompanyDriveDaysQueryOptions = () =>
  queryOptions({ queryKey: companyDriveDaysKey, queryFn: () => api.call(driveDaysApi.company.list) });
export const useCompanyDriveDays = () => useQuery(getCompanyDriveDaysQueryOptions());

function useCompanyWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyDriveDaysKey }),
  });
}

export const useAddPanel = () =>
  useCompanyWrite(({ id, body }: { id: string; body: PanelBody }) =>
    api.call(driveDaysApi.company.addPanel, { params: { id }, body }),
  );
export const useCompanyNoShow = () =>
  useCompanyWrite(({ id, itemId, reason }: { id: string; itemId: string; reason: string }) =>
    api.call(driveDaysApi.company.markNoShow, { params: { id, itemId }, body: { reason } }),
  );
