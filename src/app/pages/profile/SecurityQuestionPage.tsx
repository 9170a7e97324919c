import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { profileApi } from './api';
import { queryKeys } from '../../realtime/query-keys';

const COUNT = 3;

/** Security questions: shows which are set (answers are never shown) and replaces them. */
export function SecurityQuestionPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const current = useQuery({ queryKey: queryKeys.securityQuestions, queryFn: profileApi.questions, staleTime: 0 });
  const [items, setItems] = useState(Array.from({ length: COUNT }, () => ({ question: '', answer: '' })));
  const [saving, setSaving] = useState(false);
  const set = (i: number, k: 'question' | 'answer', v: string) =>
    setItems(items.map((it, j) => (j === i ? { ...it, [k]: v } : it)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const res = await profileApi.saveQuestions(items.filter((it) => it.question.trim() || it.answer.trim()));
      void toastSuccess(res.message);
      setItems(Array.from({ length: COUNT }, () => ({ question: '', answer: '' })));
      void qc.invalidateQueries({ queryKey: queryKeys.securityQuestions });
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="settings-card">
      {current.data && current.data.length > 0 && (
        <Callout intent={Intent.SUCCESS} title={t('SHELL.SECURITY.CURRENT')}>
          <ul>
            {current.data.map((q) => (
              <li key={q.question}>{q.question}</li>
            ))}
          </ul>
        </Callout>
      )}
      <p>{t('SHELL.SECURITY.HINT')}</p>
      <form onSubmit={submit}>
        {items.map((it, i) => (
          <div key={i} className="question-pair">
            <FormGroup label={t('SHELL.SECURITY.QUESTION', { n: i + 1 })} labelFor={`sq-q-${i}`}>
              <InputGroup
                id={`sq-q-${i}`}
                value={it.question}
                maxLength={200}
                onChange={(e) => set(i, 'question', e.target.value)}
              />
            </FormGroup>
            <FormGroup label={t('SHELL.SECURITY.ANSWER', { n: i + 1 })} labelFor={`sq-a-${i}`}>
              <InputGroup
                id={`sq-a-${i}`}
                type="password"
                value={it.answer}
                maxLength={100}
                onChange={(e) => set(i, 'answer', e.target.value)}
              />
            </FormGroup>
          </div>
        ))}
        <div className="button-row">
          <Button type="submit" intent={Intent.PRIMARY} loading={saving} text={t('SHELL.SECURITY.SAVE')} />
        </div>
      </form>
    </Card>
  );
}
