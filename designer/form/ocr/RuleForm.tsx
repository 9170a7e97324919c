import { useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { OcrPage, OcrRule } from '../../../schemas/api/ocr';
import { mapFields } from '../../../runtime/ocr-mapping';
import { patternProblem } from '../../../runtime/safe-regex';
import type { DrawnBox } from './SampleImage';
import type { OcrRuleField } from './sample';

type Kind = OcrRule['kind'];

/** The form that adds one rule: field, kind, and the label, pattern (tried live on the sample) or drawn box. */
export function RuleForm({
  fields,
  sample,
  drawn,
  onAdd,
}: {
  fields: OcrRuleField[];
  sample: OcrPage[];
  drawn: DrawnBox | null;
  onAdd: (rule: OcrRule) => void;
}) {
  const { t } = useTranslation();
  const [field, setField] = useState(fields[0]?.name ?? '');
  const [kind, setKind] = useState<Kind>('label');
  const [label, setLabel] = useState('');
  const [direction, setDirection] = useState<'right' | 'below'>('right');
  const [pattern, setPattern] = useState('');
  const chosen = fields.some((f) => f.name === field) ? field : (fields[0]?.name ?? '');

  const rule: OcrRule | null =
    kind === 'label'
      ? label.trim()
        ? { field: chosen, kind, label: label.trim(), direction }
        : null
      : kind === 'pattern'
        ? pattern
          ? { field: chosen, kind, pattern }
          : null
        : drawn
          ? { field: chosen, kind, page: drawn.page, box: drawn.box }
          : null;
  const problem = kind === 'pattern' && pattern ? patternProblem(pattern) : undefined;
  const valueKind = fields.find((f) => f.name === chosen)?.valueKind;
  // Tried on every edit: the sample is at most a few pages, and mapping one rule over it takes well under a frame.
  const tried =
    rule && !problem && sample.length ? (mapFields(sample, [{ ...rule, valueKind }], [])[0] ?? null) : undefined;

  function add() {
    if (!rule || problem) return;
    onAdd(rule);
    setLabel('');
    setPattern('');
  }

  return (
    <div className="ocrr-form" data-testid="ocr-rule-form">
      <FormGroup label={t('OCRRULES.FIELD')} labelFor="ocrr-field">
        <HTMLSelect
          id="ocrr-field"
          value={chosen}
          options={fields.map((f) => ({ value: f.name, label: `${f.label} (${f.name})` }))}
          onChange={(e) => setField(e.currentTarget.value)}
          data-tenant-text
        />
      </FormGroup>
      <FormGroup label={t('OCRRULES.KIND')}>
        <SegmentedControl
          small
          value={kind}
          onValueChange={(v) => setKind(v as Kind)}
          options={(['label', 'pattern', 'position'] as const).map((k) => ({
            value: k,
            label: t(`OCRRULES.KINDS.${k}`),
          }))}
        />
      </FormGroup>
      {kind === 'label' && (
        <>
          <FormGroup label={t('OCRRULES.LABEL')} labelFor="ocrr-label" helperText={t('OCRRULES.LABEL_HELP')}>
            <InputGroup id="ocrr-label" value={label} maxLength={200} onValueChange={setLabel} />
          </FormGroup>
          <FormGroup label={t('OCRRULES.DIRECTION')} labelFor="ocrr-direction">
            <HTMLSelect
              id="ocrr-direction"
              value={direction}
              options={(['right', 'below'] as const).map((d) => ({ value: d, label: t(`OCRRULES.DIRECTIONS.${d}`) }))}
              onChange={(e) => setDirection(e.currentTarget.value as 'right' | 'below')}
            />
          </FormGroup>
        </>
      )}
      {kind === 'pattern' && (
        <FormGroup
          label={t('OCRRULES.PATTERN')}
          labelFor="ocrr-pattern"
          helperText={problem ? t('OCRRULES.PATTERN_PROBLEM', { problem }) : t('OCRRULES.PATTERN_HELP')}
          intent={problem ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="ocrr-pattern"
            value={pattern}
            maxLength={500}
            intent={problem ? Intent.DANGER : Intent.NONE}
            onValueChange={setPattern}
            className="ocrr-mono"
          />
        </FormGroup>
      )}
      {kind === 'position' && (
        <Callout compact intent={drawn ? Intent.SUCCESS : Intent.PRIMARY} icon="select">
          {drawn
            ? t('OCRRULES.DRAWN', {
                page: drawn.page,
                x: Math.round(drawn.box.x * 100),
                y: Math.round(drawn.box.y * 100),
                w: Math.round(drawn.box.width * 100),
                h: Math.round(drawn.box.height * 100),
              })
            : t('OCRRULES.DRAW_FIRST')}
        </Callout>
      )}
      {tried !== undefined && (
        <div className="ocrr-try" data-testid="ocr-rule-try">
          {tried ? (
            <>
              {t('OCRRULES.TRY_FOUND')} <code data-tenant-text>{tried.value}</code>
            </>
          ) : (
            t('OCRRULES.TRY_NONE')
          )}
        </div>
      )}
      <Button icon="add" text={t('OCRRULES.ADD')} disabled={!rule || !!problem || !chosen} onClick={add} />
    </div>
  );
}
