import { api, call } from './client';
import type { SaveBody } from '../../server/records/schemas';
import type { FormView, RecordDetail, Saved } from '../../server/records/schemas';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { FormView as FormData, RecordDetail, Saved as SaveResult } from '../../server/records/schemas';

export const fetchForm = (moduleId: string) => call<FormView>(api.get(`/EntryModule/form/${moduleId}`));
export const fetchRecord = (recordId: string) => call<RecordDetail>(api.get(`/EntryModule/${recordId}/detail`));

export const saveRecord = (body: SaveBody) => call<Saved>(api.post('/EntryModule/save', body));
