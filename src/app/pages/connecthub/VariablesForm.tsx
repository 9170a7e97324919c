import { useEffect, useState } from 'react';
import { Button, FormGroup, H4, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { chKeys, getVariables, saveVariables, type BotId } from './api';

/** A mask for a kept secret: the value itself never reaches the browser. */
export const MASK = '••••••••';

/**
 * A bot's variables: plain ones as text, secret ones as password inputs that show a mask while one is kept and are
 * only sent when typed (an empty secret input keeps the kept one).
 */
export function VariablesForm({ bot }: { bot: BotId }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const vars = useQuery({ queryKey: chKeys.variables(bot), queryFn: () => getVariables(bot) });
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => {
    if (vars.data) setDraft(Object.fromEntries(vars.data.variables.map((v) => [v.name, v.value ?? ''])));
  }, [vars.data]);
  const save = useMutation({
    mutationFn: () =>
      saveVariables(
        bot,
        Object.fromEntries(
          vars.data!.variables.filter((v) => !v.secret || draft[v.name]).map((v) => [v.name, draft[v.name] ?? '']),
        ),
      ),
    onSuccess: (data) => {
      qc.setQueryData(chKeys.variables(bot), data);
      void toastSuccess(t('CH.SAVED'));
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  if (vars.isLoading) return <Spinner size={20} />;
  if (!vars.data) return null;
  return (
    <form
      className="ch-variables"
      aria-label={t('CH.SETTINGS')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <H4>{t('CH.SETTINGS')}</H4>
      {vars.data.variables.map((v) => {
        const id = `ch-${bot}-${v.name}`;
        return (
          <FormGroup
            key={v.name}
            label={t(`CH.VAR.${v.name}`)}
            labelFor={id}
            helperText={v.secret && v.hasValue ? t('CH.SECRET_KEPT') : undefined}
          >
            <InputGroup
              id={id}
              type={v.secret ? 'password' : 'text'}
              autoComplete="off"
              placeholder={v.secret && v.hasValue ? MASK : ''}
              value={draft[v.name] ?? ''}
              onValueChange={(value) => setDraft((d) => ({ ...d, [v.name]: value }))}
            />
          </FormGroup>
        );
      })}
      <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t('CH.SAVE')} loading={save.isPending} />
    </form>
  );
}
