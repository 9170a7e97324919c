import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Icon,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
  Tooltip,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError } from '../../components/toaster';
import { IconPicker } from '../../components/IconPicker/IconPicker';
import { createApp, fetchCategories, fetchMlServices, fetchOcrProviders, fetchReservedModuleNames } from './api';
import { validateNewApp, type NewAppForm } from './validate';
import { queryKeys } from '../../realtime/query-keys';

/** After a successful create the dialog closes and the designer opens about 150 ms later (spec section 2). */
export const OPEN_DESIGNER_DELAY_MS = 150;

const empty: NewAppForm = {
  name: '',
  description: '',
  categoryId: '',
  ocrProviderId: '',
  mlServices: [],
  appIcon: 'home',
  addToQuickLaunch: false,
};

/** Create App: open → submitting (spinner, fields disabled) → success (close, open designer) or failure (toast). */
export function CreateAppDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form, setForm] = useState<NewAppForm>(empty);
  const [touched, setTouched] = useState<{ name?: boolean; description?: boolean }>({});
  const [submitting, setSubmitting] = useState(false);
  const reserved = useQuery({
    queryKey: queryKeys.reservedModuleNames,
    queryFn: fetchReservedModuleNames,
    enabled: isOpen,
  });
  const categories = useQuery({ queryKey: queryKeys.categories, queryFn: fetchCategories, enabled: isOpen });
  const providers = useQuery({ queryKey: queryKeys.ocrProviders, queryFn: fetchOcrProviders, enabled: isOpen });
  const services = useQuery({
    queryKey: queryKeys.mlServices(form.ocrProviderId),
    queryFn: () => fetchMlServices(form.ocrProviderId),
    enabled: isOpen && !!form.ocrProviderId,
  });
  const provider = providers.data?.find((p) => p.id === form.ocrProviderId);
  const errors = validateNewApp(form, reserved.data ?? []);
  const set = <K extends keyof NewAppForm>(k: K, v: NewAppForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  function close() {
    if (submitting) return;
    setForm(empty);
    setTouched({});
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ name: true, description: true });
    if (Object.keys(errors).length) return;
    setSubmitting(true);
    try {
      const { id } = await createApp({
        name: form.name.trim(),
        description: form.description,
        categoryId: form.categoryId,
        ocrProviderId: form.ocrProviderId,
        ocrProviderName: provider?.name ?? '',
        machineLearningServiceId: form.mlServices.length ? JSON.stringify(form.mlServices) : '',
        appIcon: form.appIcon,
        addToQuickLaunch: form.addToQuickLaunch,
      });
      void qc.invalidateQueries({ queryKey: queryKeys.applications });
      setSubmitting(false);
      setForm(empty);
      setTouched({});
      onClose();
      setTimeout(() => navigate(`/form-editor/show/${id}`), OPEN_DESIGNER_DELAY_MS);
    } catch (err) {
      void toastError(errorMessage(err));
      setSubmitting(false);
    }
  }

  const shown = (k: 'name' | 'description') =>
    touched[k] && errors[k] ? { intent: Intent.DANGER, helperText: errors[k] } : {};

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('APPS.CREATE.TITLE')}
      icon="add"
      canOutsideClickClose={!submitting}
      canEscapeKeyClose={!submitting}
    >
      <form onSubmit={submit} noValidate aria-busy={submitting}>
        <DialogBody>
          <fieldset disabled={submitting} className="create-app-fields">
            <FormGroup
              label={t('APPS.CREATE.NAME')}
              labelFor="app-name"
              labelInfo={<span className="required">*</span>}
              {...shown('name')}
            >
              <InputGroup
                id="app-name"
                value={form.name}
                disabled={submitting}
                autoFocus
                onValueChange={(v) => set('name', v)}
                onBlur={() => setTouched((x) => ({ ...x, name: true }))}
              />
            </FormGroup>
            <FormGroup label={t('APPS.CREATE.DESCRIPTION')} labelFor="app-description" {...shown('description')}>
              <TextArea
                id="app-description"
                fill
                value={form.description}
                disabled={submitting}
                onChange={(e) => set('description', e.currentTarget.value)}
                onBlur={() => setTouched((x) => ({ ...x, description: true }))}
              />
            </FormGroup>
            <FormGroup label={t('APPS.CREATE.CATEGORY')} labelFor="app-category">
              <HTMLSelect
                id="app-category"
                fill
                value={form.categoryId}
                disabled={submitting}
                options={[
                  { value: '', label: t('APPS.CREATE.NO_CATEGORY') },
                  ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.category_name })),
                ]}
                onChange={(e) => set('categoryId', e.currentTarget.value)}
              />
            </FormGroup>
            <FormGroup label={t('APPS.CREATE.OCR_PROVIDER')} labelFor="app-ocr">
              <HTMLSelect
                id="app-ocr"
                fill
                value={form.ocrProviderId}
                disabled={submitting}
                options={[
                  { value: '', label: t('APPS.CREATE.NO_PROVIDER') },
                  ...(providers.data ?? []).map((p) => ({ value: p.id, label: p.name })),
                ]}
                onChange={(e) => {
                  // Read now: the event's currentTarget is gone by the time React runs the updater.
                  const ocrProviderId = e.currentTarget.value;
                  setForm((f) => ({ ...f, ocrProviderId, mlServices: [] }));
                }}
              />
            </FormGroup>
            <FormGroup
              label={t('APPS.CREATE.ML_SERVICES')}
              helperText={form.ocrProviderId ? undefined : t('APPS.CREATE.ML_NEEDS_PROVIDER')}
            >
              {provider?.singleSelect ? (
                <RadioGroup
                  selectedValue={form.mlServices[0] ?? ''}
                  disabled={submitting}
                  onChange={(e) => set('mlServices', [e.currentTarget.value])}
                >
                  {(services.data ?? []).map((s) => (
                    <Radio
                      key={s.id}
                      value={s.id}
                      disabled={!s.licensed || submitting}
                      labelElement={<MlLabel id={s.id} name={s.name} licensed={s.licensed} />}
                    />
                  ))}
                </RadioGroup>
              ) : (
                (services.data ?? []).map((s) => (
                  <Checkbox
                    key={s.id}
                    checked={form.mlServices.includes(s.id)}
                    disabled={!s.licensed || submitting || !form.ocrProviderId}
                    labelElement={<MlLabel id={s.id} name={s.name} licensed={s.licensed} />}
                    onChange={(e) =>
                      set(
                        'mlServices',
                        e.currentTarget.checked
                          ? [...form.mlServices, s.id]
                          : form.mlServices.filter((x) => x !== s.id),
                      )
                    }
                  />
                ))
              )}
            </FormGroup>
            <FormGroup label={t('APPS.CREATE.ICON')} labelFor="app-icon">
              <IconPicker value={form.appIcon} disabled={submitting} onChange={(v) => set('appIcon', v)} />
            </FormGroup>
            <Checkbox
              id="app-quick-launch"
              label={t('APPS.CREATE.QUICK_LAUNCH')}
              checked={form.addToQuickLaunch}
              disabled={submitting}
              onChange={(e) => set('addToQuickLaunch', e.currentTarget.checked)}
            />
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('COMMON.CANCEL')} disabled={submitting} onClick={close} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('APPS.CREATE.SUBMIT')} loading={submitting} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** A service plugin's name in the user's language (its English name when it has no text), with its licence state. */
function MlLabel({ id, name, licensed }: { id: string; name: string; licensed: boolean }) {
  const { t } = useTranslation();
  const shown = t(`ML.SERVICE.${id}`, { defaultValue: name });
  if (licensed) return <>{shown}</>;
  return (
    <Tooltip content={t('APPS.CREATE.NEEDS_LICENCE', { name: shown })}>
      <span className="ml-unlicensed">
        {shown} <Icon icon="lock" size={12} aria-label={t('APPS.CREATE.NEEDS_LICENCE', { name: shown })} />
      </span>
    </Tooltip>
  );
}
