import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderSchedule,
  PlanInput,
  PlanList,
  PlanUpdate,
  PlanView,
} from '../../../shared/schemas/plans.ts';
import { api } from '../../lib/api.ts';

export const planKeys = {
  all: ['plans'] as const,
  plan: (id: string) => ['plans', id] as const,
  schedule: (orderId: string) => ['plans', 'schedule', orderId] as const,
};

export const plansQuery = () =>
  queryOptions({
    queryKey: planKeys.all,
    queryFn: () => api<PlanList>('/api/plans'),
    select: (d) => d.plans,
  });

export const planQuery = (id: string) =>
  queryOptions({
    queryKey: planKeys.plan(id),
    queryFn: () => api<PlanView>(`/api/plans/${encodeURIComponent(id)}`),
  });

export const usePlans = () => useQuery(plansQuery());
export const usePlan = (id: string) => useQuery(planQuery(id));

/** The day's schedule of an order's event (null: the order is not part of an event plan). */
export const useOrderSchedule = (orderId: string) =>
  useQuery({
    queryKey: planKeys.schedule(orderId),
    queryFn: () =>
      api<{ schedule: OrderSchedule | null }>(`/api/orders/${encodeURIComponent(orderId)}/schedule`),
    select: (d) => d.schedule,
  });

export function useCreatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanInput) => api<PlanView>('/api/plans', { method: 'POST', json: input }),
    onSuccess: (plan) => {
      qc.setQueryData(planKeys.plan(plan.id), plan);
      void qc.invalidateQueries({ queryKey: planKeys.all, exact: true });
    },
  });
}

export function useUpdatePlan(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanUpdate) =>
      api<PlanView>(`/api/plans/${encodeURIComponent(id)}`, { method: 'PATCH', json: input }),
    onSuccess: (plan) => {
      qc.setQueryData(planKeys.plan(id), plan);
      void qc.invalidateQueries({ queryKey: planKeys.all, exact: true });
    },
  });
}

export function useDeletePlan(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/plans/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: planKeys.plan(id) });
      void qc.invalidateQueries({ queryKey: planKeys.all, exact: true });
    },
  });
}
