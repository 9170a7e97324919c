import { createContext } from 'react';
import type { RecordStore } from './record-store';

/** The store of the record being edited; stable for the life of a form, so providing it re-renders nothing. */
export const FormRuntimeContext = createContext<RecordStore | null>(null);
