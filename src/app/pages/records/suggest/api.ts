import { api, call } from '../../../api/client';
import type { SuggestBody, Suggestion } from '../../../../server/ml/schemas';

export type { Suggestion } from '../../../../server/ml/schemas';

/** Value suggestions of the app's machine-learning services (server: src/server/ml). */
export const suggestValues = (moduleId: string, body: SuggestBody) =>
  call<Suggestion[]>(api.post(`/ml/suggest/${moduleId}`, body));
