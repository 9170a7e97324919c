import { useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModuleDefinition } from '../../schemas/module-definition';
import CodeEditor from './CodeEditor';

/** The whole definition as JSON in Monaco; Apply replaces the design (one undo step). */
export default function JsonPanel({ def, onApply }: { def: ModuleDefinition; onApply(d: ModuleDefinition): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(def, null, 2));
  const [problem, setProblem] = useState<string>();

  function apply() {
    try {
      const parsed = JSON.parse(text) as ModuleDefinition;
      if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.fieldGroups))
        throw new Error(t('DESIGNER.JSON_SHAPE'));
      setProblem(undefined);
      onApply(parsed);
    } catch (err) {
      setProblem((err as Error).message);
    }
  }

  return (
    <div className="fd-json">
      {problem && <Callout intent={Intent.DANGER}>{problem}</Callout>}
      <CodeEditor ariaLabel="definition" language="json" value={text} height={480} onChange={setText} />
      <Button intent={Intent.PRIMARY} icon="tick" text={t('DESIGNER.JSON_APPLY')} onClick={apply} />
      <Button icon="reset" text={t('DESIGNER.JSON_RESET')} onClick={() => setText(JSON.stringify(def, null, 2))} />
    </div>
  );
}
