import { useEffect, useMemo, useState } from 'react';
import { suggestValues, type Suggestion } from './api';

/** How long typing must pause before the form's text is sent for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 500;

/**
 * Suggestions for the form's current text (its string values), fetched once typing pauses; a newer answer replaces
 * an older one, and an answer that arrives after the text changed again is dropped.
 */
export function useSuggestions(moduleId: string, recordId: string | undefined, values: Record<string, unknown>) {
  const text = useMemo(
    () => Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== '')),
    [values],
  );
  const key = JSON.stringify(text);
  const [answer, setAnswer] = useState<Suggestion[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      suggestValues(moduleId, { values: JSON.parse(key) as Record<string, unknown>, ...(recordId ? { recordId } : {}) })
        .then((s) => current && setAnswer(s))
        .catch(() => current && setAnswer([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [moduleId, recordId, key]);
  return answer;
}
