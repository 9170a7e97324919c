import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { pageApi, signInPage, useWeb } from '../support/web.js';

const expense: ModuleDefinition = {
  display_name: 'Expense claims',
  fieldGroups: [
    {
      id: 'claim',
      label: 'Claim',
      rows: [
        {
          fields: [
            { name: 'amount', label: 'Amount', fieldType: 'number', config: { decimalPlaces: 2, format: 'plain' } },
            { name: 'manager', label: 'Manager', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

async function centre(l: Locator) {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Drags from an outcome handle to an activity's input handle with the mouse, as a person would. */
async function connect(page: Page, from: string, to: string) {
  const a = await centre(page.getByTestId(from));
  const b = await centre(page.getByTestId(to));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

describe('workflow designer in Chromium', () => {
  const web = useWeb();

  /** Signs in as the demo administrator and creates an app with the expense form; returns the page and app id. */
  async function appWithForm(name: string) {
    const origin = web.origin;
    const page = await web.browser.newPage({ viewport: { width: 1500, height: 900 } });
    await signInPage(page, origin, 'admin', 'Admin-Pass-123');
    const created = await pageApi<{ data: { id: string } }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name,
    });
    const id = created.data.id;
    const saved = await pageApi<{ success: boolean }>(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, {
      module: expense,
    });
    expect(saved.success).toBe(true);
    await page.goto(`${origin}/form-editor/show/${id}/workflow`);
    return { page, id };
  }

  it('draws, validates, saves, publishes and reloads an approval workflow', async () => {
    const { page, id } = await appWithForm('Expense claims');
    await page.getByTestId('activity-start').waitFor();
    await page.getByTestId('activity-completed').waitFor();
    await expect(page.getByTestId('steps').locator('li').allInnerTexts()).resolves.toEqual(['Start', 'Completed']);

    // Drag an Assignment and an If from the palette onto the canvas.
    const canvas = page.getByTestId('canvas');
    const box = (await canvas.boundingBox())!;
    await page
      .getByTestId('palette-Assignment')
      .dragTo(canvas, { targetPosition: { x: box.width * 0.25, y: box.height * 0.15 } });
    await page.getByTestId('activity-assignment-1').waitFor();
    await page
      .getByTestId('palette-If')
      .dragTo(canvas, { targetPosition: { x: box.width * 0.6, y: box.height * 0.15 } });
    await page.getByTestId('activity-if-1').waitFor();
    await expect(page.getByTestId('activity-if-1').innerText()).resolves.toMatch(/IfElse 1[\s\S]*True[\s\S]*False/);
    await expect(page.getByTestId('activity-assignment-1').innerText()).resolves.toMatch(/Approved[\s\S]*Rejected/);

    // Connect the outcomes: Start -> Assignment (replaces Start -> Completed), Approved -> If, the rest -> Completed.
    await connect(page, 'source-start-Done', 'target-assignment-1');
    await connect(page, 'source-assignment-1-Approved', 'target-if-1');
    await connect(page, 'source-assignment-1-Rejected', 'target-completed');
    await connect(page, 'source-if-1-True', 'target-completed');
    await connect(page, 'source-if-1-False', 'target-completed');
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(5);

    // Delete: an activity added by a click with the keyboard, a connection with the panel's button.
    await page.getByTestId('palette-Finish').click();
    await page.getByTestId('activity-finish-1').locator('.wf-node-name').click();
    await page.keyboard.press('Delete');
    await page.getByTestId('activity-finish-1').waitFor({ state: 'detached' });
    await page.getByTestId('rf__edge-assignment-1:Rejected->completed').dispatchEvent('click');
    await page.getByRole('button', { name: 'Delete connection' }).click();
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(4);
    // Start and Completed stay: the delete key does nothing to them.
    await page.getByTestId('activity-completed').locator('.wf-node-name').click();
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('activity-completed').count()).resolves.toBe(1);
    await connect(page, 'source-assignment-1-Rejected', 'target-completed');
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(5);
    await expect(page.getByTestId('steps').locator('li').allInnerTexts()).resolves.toEqual([
      'Start',
      'Assignment 1',
      'IfElse 1',
      'Completed',
    ]);

    // A broken condition and a missing approver stop the save.
    await page.getByTestId('activity-if-1').locator('.wf-node-name').click();
    const condition = page.getByTestId('properties').locator('input[id$="condition"]');
    await condition.fill('{amount} >');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const issues = page.getByTestId('workflow-issues');
    await issues.getByText('Assignment 1 needs at least one approver').waitFor();
    await issues.getByText(/^The condition of IfElse 1 is not valid/).waitFor();
    await condition.fill('{amount} > 100');
    await issues.getByText(/^The condition of IfElse 1 is not valid/).waitFor({ state: 'detached' });

    // Pick approvers: a user of the tenant and the form's Manager field.
    await page.getByTestId('activity-assignment-1').locator('.wf-node-name').click();
    await page.fill('#wf-display-name', 'Manager approval');
    await page.getByTestId('approver-kind').selectOption('user');
    const choice = page.getByTestId('approver-choice');
    await choice.locator('option', { hasText: /admin/i }).first().waitFor({ state: 'attached' });
    const adminValue = await choice.locator('option', { hasText: /admin/i }).first().getAttribute('value');
    await choice.selectOption(adminValue!);
    await page.getByTestId('approver-add').click();
    await page.getByTestId('approver-kind').selectOption('field');
    await page.getByTestId('approver-choice').selectOption('manager');
    await page.getByTestId('approver-add').click();
    await expect(page.getByTestId('approvers').innerText()).resolves.toMatch(
      /User: [\s\S]*User field of the form: Manager/,
    );
    await issues.waitFor({ state: 'detached' });

    // Amount becomes read-only at the approval step.
    await page.getByRole('tab', { name: 'Field permissions' }).click();
    const cell = page.getByTestId('perm-assignment-1-amount-editability');
    await expect(cell.getAttribute('data-inherited')).resolves.toBe('true');
    await cell.click();
    await expect(cell.getAttribute('data-value')).resolves.toBe('readonly');
    await expect(cell.getAttribute('data-inherited')).resolves.toBe('false');
    await expect(page.getByTestId('permission-matrix').locator('thead th').allInnerTexts()).resolves.toEqual([
      'Field',
      'Defaults',
      'Start',
      'Manager approval',
      'IfElse 1',
      'Completed',
    ]);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('The workflow draft has been saved.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('module-status').getByText('Published v1').waitFor();

    // What the server holds is what was drawn.
    const form = await pageApi<{
      data: {
        workflow_draft: {
          activities: { activityId: string; type: string; properties?: Record<string, unknown> }[];
          connections: unknown[];
          permissions: unknown;
        };
      };
    }>(page, 'GET', `/api/form/Editor/GetForm?id=${id}`);
    const wf = form.data.workflow_draft;
    expect(wf.activities.map((a) => a.type).sort()).toEqual(['Assignment', 'CompletedProcess', 'If', 'StartProcess']);
    expect(wf.connections).toHaveLength(5);
    expect(wf.activities.find((a) => a.type === 'If')!.properties!.condition).toBe('{amount} > 100');
    expect(wf.activities.find((a) => a.type === 'Assignment')!.properties!.approvers).toContainEqual({
      type: 'field',
      field: 'manager',
    });
    expect(wf.permissions).toEqual({
      defaults: {},
      steps: { 'assignment-1': { amount: { editability: 'readonly' } } },
    });

    await page.reload();
    await page.getByTestId('activity-if-1').waitFor();
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(5);
    await expect(page.getByTestId('steps').locator('li').allInnerTexts()).resolves.toEqual([
      'Start',
      'Manager approval',
      'IfElse 1',
      'Completed',
    ]);
    // Opening an activity's properties changes nothing.
    await page.getByTestId('activity-assignment-1').locator('.wf-node-name').click();
    await expect(page.getByTestId('approvers').innerText()).resolves.toMatch(/User field of the form: Manager/);
    // The published rules of the step, as the server resolves them for people at it.
    const published = page.getByTestId('published-rules');
    await published.locator('tr', { hasText: 'Amount' }).getByText('read-only').waitFor();
    await expect(published.getByText('Version 1').count()).resolves.toBe(1);
    await page.getByRole('tab', { name: 'Field permissions' }).click();
    await expect(page.getByTestId('perm-assignment-1-amount-editability').getAttribute('data-value')).resolves.toBe(
      'readonly',
    );
    await expect(page.locator('.wf-header').getByText('Unsaved changes').count()).resolves.toBe(0);

    // The engine runs the published workflow: a submitted record waits at the designed Assignment.
    const submitted = await pageApi<{ success: boolean; message: string }>(page, 'POST', '/api/EntryModule/submit', {
      moduleId: id,
      data: { amount: 50, manager: '' },
    });
    expect(submitted).toMatchObject({ success: true });
    const tasks = await pageApi<{
      data: { data: { module_id: string; activity_id: string; activity_title: string }[] };
    }>(page, 'POST', '/api/Task/datatables', { page: 1, length: 10 });
    expect(tasks.data.data.filter((t) => t.module_id === id)).toEqual([
      expect.objectContaining({ activity_id: 'assignment-1', activity_title: 'Manager approval' }),
    ]);
    await page.close();
  });

  it('imports an Elsa 2 workflow JSON and saves it', async () => {
    const { page, id } = await appWithForm('Imported claims');
    await page.getByTestId('activity-start').waitFor();
    await page.getByRole('button', { name: 'Import Elsa JSON' }).click();
    const text = page.locator('#wf-import-text');
    await text.fill('{ nope');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-error').getByText('The text is not valid JSON').waitFor();
    const elsa = {
      activities: [
        { activityId: 's', type: 'StartProcess', displayName: 'Begin', position: { left: 0, top: 100 } },
        {
          activityId: 'review',
          type: 'Assignment',
          displayName: 'Review',
          position: { left: 260, top: 100 },
          properties: [{ name: 'TaskType', expressions: { Literal: 'Review' } }],
          assignToCollectionExpression: [{ type: 'field', field: 'manager' }],
        },
        {
          activityId: 'big',
          type: 'IfElse',
          displayName: 'Big claim',
          position: { left: 520, top: 100 },
          properties: [{ name: 'Condition', syntax: 'JavaScript', expressions: { JavaScript: '{amount} > 1000' } }],
        },
        {
          activityId: 'erp',
          type: 'FinishDataconnector',
          displayName: 'Send to ERP',
          position: { left: 780, top: 40 },
        },
        { activityId: 'end', type: 'CompletedProcess', displayName: 'End', position: { left: 1040, top: 100 } },
      ],
      connections: [
        { sourceActivityId: 's', targetActivityId: 'review' },
        { sourceActivityId: 'review', targetActivityId: 'big', outcome: 'Approved' },
        { sourceActivityId: 'review', destinationActivityId: 'end', outcome: 'Rejected' },
        { sourceActivityId: 'big', targetActivityId: 'erp', outcome: 'True' },
        { sourceActivityId: 'big', targetActivityId: 'end', outcome: 'False' },
        { sourceActivityId: 'erp', targetActivityId: 'end', outcome: 'Done' },
      ],
    };
    await text.fill(JSON.stringify(elsa));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('activity-erp').waitFor();
    await expect(page.getByTestId('activity-big').innerText()).resolves.toMatch(/Big claim[\s\S]*IfElse/);
    await expect(page.getByTestId('activity-erp').innerText()).resolves.toMatch(/FinishDataconnector/);
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(6);
    await expect(page.getByTestId('steps').locator('li').allInnerTexts()).resolves.toEqual([
      'Begin',
      'Review',
      'Big claim',
      'Send to ERP',
      'End',
    ]);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('The workflow draft has been saved.').waitFor();
    const form = await pageApi<{
      data: {
        workflow_draft: { activities: { activityId: string; type: string; properties?: Record<string, unknown> }[] };
      };
    }>(page, 'GET', `/api/form/Editor/GetForm?id=${id}`);
    const byId = Object.fromEntries(form.data.workflow_draft.activities.map((a) => [a.activityId, a]));
    expect(byId.big!.type).toBe('If');
    expect(byId.erp!.type).toBe('Finish');
    expect(byId.review!.properties).toEqual({
      approvers: [{ type: 'field', field: 'manager' }],
      approvalMode: 'any',
      dueInDays: null,
      reminderEveryHours: null,
      taskType: 'Review',
    });
    await page.close();
  });

  it('builds a workflow with the keyboard alone: add from the palette, lead each outcome with a select', async () => {
    const { page } = await appWithForm('Keyboard claims');
    await page.getByTestId('activity-start').waitFor();
    // The palette item takes focus and Enter adds the activity, selected.
    await page.getByTestId('palette-Assignment').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('activity-assignment-1').waitFor();
    const next = page.getByTestId('next-steps');
    await next.getByLabel('Approved').focus();
    await page.keyboard.press('End');
    await expect.poll(() => next.getByLabel('Approved').inputValue()).toBe('completed');
    await next.getByLabel('Rejected').selectOption('completed');
    // Start leads to the new step instead of Completed.
    await page.getByTestId('steps').getByText('Start').focus();
    await page.keyboard.press('Enter');
    await next.getByLabel('Done').selectOption('assignment-1');
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(3);
    await expect(page.getByTestId('steps').locator('li').allInnerTexts()).resolves.toEqual([
      'Start',
      'Assignment 1',
      'Completed',
    ]);
    // Leading an outcome nowhere removes its connection.
    await next.getByLabel('Done').selectOption('');
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(2);
    await page.close();
  });
});
