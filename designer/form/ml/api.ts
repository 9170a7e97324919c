import { api, call } from '../../../src/app/api/client';
import type { ModelStatus, TargetChoice } from '../../../src/server/ml/schemas';

export type { ModelStatus, TargetChoice } from '../../../src/server/ml/schemas';

/** The app's suggestion targets and models, for its designer (server: src/server/ml). */
export const mlApi = {
  targets: (moduleId: string) => call<TargetChoice>(api.get(`/ml/targets/${moduleId}`)),
  choose: (moduleId: string, fields: string[]) => call<TargetChoice>(api.put(`/ml/targets/${moduleId}`, { fields })),
  models: (moduleId: string) => call<ModelStatus[]>(api.get(`/ml/models/${moduleId}`)),
  retrain: (moduleId: string) => call<ModelStatus[]>(api.post(`/ml/models/${moduleId}/train`, {})),
};

export const mlKeys = {
  targets: (id: string) => ['ml', 'targets', id] as const,
  models: (id: string) => ['ml', 'models', id] as const,
};

/** Whether the app chose any machine-learning service (its machineLearningServiceId is a JSON list of ids). */
export function hasMlService(mlServiceId: string | null | undefined): boolean {
  try {
    const v = JSON.parse(mlServiceId ?? 'null') as unknown;
    return Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v !== '';
  } catch {
    return false;
  }
}
