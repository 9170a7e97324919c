import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { activityLocales, activityRegistry } from '../../runtime/activity-registry';

// The designer's registry module adds the plugins' namespaces to the app's i18next instance when it loads.
await i18next.init({ lng: 'fr', fallbackLng: 'en', resources: { en: { translation: {} } }, showSupportNotice: false });
const { ConfigForm } = await import('./ConfigForm');
const { activityDesigners } = await import('./activity-designers');
const { DesignerContext } = await import('./context');

const module: ModuleDefinition = {
  display_name: 'Claims',
  fieldGroups: [
    { id: 'g', label: 'G', rows: [{ fields: [{ name: 'manager', label: 'Manager', fieldType: 'text' }] }] },
  ],
};

/** The markup with its text unescaped, to look for translated texts as written. */
const draw = (type: string, value: Record<string, unknown>) =>
  renderToString(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={new QueryClient()}>
        <DesignerContext.Provider value={{ module }}>
          <ConfigForm type={type} value={value} idPrefix="p" onChange={() => undefined} />
        </DesignerContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  )
    .replace(/&#x27;/g, "'")
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('activity settings in the workflow designer', () => {
  it('finds the designer halves by type, each naming its own manifest and only its properties', () => {
    expect(Object.keys(activityDesigners)).toContain('Assignment');
    for (const [type, d] of Object.entries(activityDesigners)) {
      expect(d.manifest).toBe(activityRegistry[type]);
      const props = Object.keys(d.manifest.configSchema.properties as object);
      for (const key of Object.keys(d.widgets ?? {})) expect(props).toContain(key);
    }
  });

  it("draws the settings with the schema-driven editor, in the plugin's words, and its own approver picker", () => {
    const fr = activityLocales().fr!['activity.Assignment']!;
    const html = draw('Assignment', { ...activityRegistry.Assignment!.defaultConfig, dueInDays: 3 });
    expect(html).toContain('data-testid="approvers"');
    expect(html).toContain(fr['picker.NONE']);
    for (const key of ['approvalMode', 'dueInDays', 'reminderEveryHours', 'taskType']) {
      expect(html).toContain(`id="p_${key}"`);
      expect(html).toContain(fr[`config.${key}`]);
    }
    expect(html).toContain(fr['option.any']);
    expect(html).toContain('value="3"');
  });

  it('draws a type without a designer half from its schema alone', () => {
    const html = draw('If', { condition: 'amount > 10' });
    expect(html).toContain('id="p_condition"');
    expect(html).toContain('value="amount > 10"');
    expect(html).toContain(activityLocales().fr!['activity.If']!['config.condition']);
  });
});
