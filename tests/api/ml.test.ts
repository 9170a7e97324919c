import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { ACME } from '../support/office.js';
import { useOffice } from '../support/office.js';
import { bearer } from '../support/auth.js';
import { retrainSweep, RETRAIN_EVERY } from '../../src/server/ml/train.js';
import { addClaims, claim, mlApp, setLicences } from '../fixtures/ml/expenses.js';

describe.each(await testDialects())('machine-learning services on %s', (dialect) => {
  const o = useOffice(dialect, ['sam']);
  let moduleId = '';
  beforeAll(async () => {
    moduleId = await mlApp(o, 'Expense claims', ['suggest-value']);
  });

  const suggest = (who: string, values: object, id = moduleId) => o.post(who, `/api/ml/suggest/${id}`, { values });

  it('lists services only for a provider, each licensed or not, and looks them up as ML and AI services', async () => {
    await setLicences(o, []);
    const list = (await o.get('sam', '/api/ocr/machinelearninglookup?providerId=tesseract')).json().data;
    expect(list.map((s: { id: string; licensed: boolean }) => [s.id, s.licensed])).toEqual([
      ['suggest-value', true],
      ['suggest-values-plus', false],
    ]);
    const one = (await o.get('sam', '/api/ocr/getmlservice?id=suggest-values-plus')).json().data;
    expect(one).toMatchObject({ licence: 'ml-suggest-plus', licensed: false, targets: 'all' });
    expect((await o.get('sam', '/api/ocr/getmlservice?id=azure-invoice')).statusCode).toBe(404);
    const ai = (await o.get('sam', '/api/ocr/getaiservices')).json().data;
    expect(ai).toContainEqual({ ai_service_name: 'Suggest a value', ai_service_code: 'suggest-value', licensed: true });
    const code = await o.get('sam', '/api/ocr/getaiservice?code=suggest-value');
    expect(code.json().data).toMatchObject({ ai_service_name: 'Suggest a value', ai_service_code: 'suggest-value' });
    expect((await o.get('sam', '/api/ocr/getaiservice?code=nope')).statusCode).toBe(404);
  });

  it('keeps the rules of spec section 5: provider first, one for the single-select provider, the licence', async () => {
    const create = (name: string, extra: object) =>
      o.post('admin', '/api/form/Editor/CreateProcessFromScratch', { name, ...extra });
    const both = '["suggest-value","suggest-values-plus"]';
    expect((await create('No provider', { machineLearningServiceId: '["suggest-value"]' })).json().message).toBe(
      'Choose an OCR provider before machine-learning services.',
    );
    const single = await create('Single', { ocrProviderId: 'google-document-ai', machineLearningServiceId: both });
    expect(single.json().message).toBe('Google Document AI takes one machine-learning service.');
    const unlicensed = await create('Plus', { ocrProviderId: 'tesseract', machineLearningServiceId: both });
    expect(unlicensed.json().message).toMatch(/licence/);
    await setLicences(o, ['ml-suggest-plus']);
    expect((await create('Plus', { ocrProviderId: 'tesseract', machineLearningServiceId: both })).json().success).toBe(
      true,
    );
    expect(
      (
        await create('Cloud one', {
          ocrProviderId: 'google-document-ai',
          machineLearningServiceId: '["suggest-value"]',
        })
      ).json().success,
    ).toBe(true);
    await setLicences(o, []);
  });

  it('trains on the app’s submitted records and suggests the category with its label', async () => {
    expect((await suggest('sam', { title: 'taxi to the airport' })).json().data).toEqual([]);
    await addClaims(o, moduleId, 30);
    const res = await suggest('sam', { title: 'Taxi and hotel', details: 'flight to the client' });
    expect(res.json(), res.body).toMatchObject({ success: true });
    const [s] = res.json().data;
    expect(s).toMatchObject({ field: 'category', value: 'travel', label: 'Travel' });
    expect(s.confidence).toBeGreaterThan(0.8);
    expect((await suggest('sam', { details: 'toner for the printer' })).json().data[0].value).toBe('office');
    // Only the first choice field without the licensed service; unknown words suggest nothing.
    expect((await suggest('sam', { title: 'lunch' })).json().data.map((x: { field: string }) => x.field)).toEqual([
      'category',
    ]);
    expect((await suggest('sam', { title: 'qwerty zxcv' })).json().data).toEqual([]);
    const models = (await o.get('admin', `/api/ml/models/${moduleId}`)).json().data;
    expect(models).toEqual([
      expect.objectContaining({ field: 'category', ready: true, examples: 30, values: 3, recordsSeen: 30 }),
    ]);
  });

  it('retrains in the background after N new records and after a publish, not before', async () => {
    expect(await retrainSweep(o.t.ctx.db)).toBe(0);
    // New records teach a word the model has not seen: 'gondola' means travel.
    const gondola = Array.from({ length: RETRAIN_EVERY - 1 }, (_, i) => ({
      ...claim('travel', i),
      title: `gondola ${i}`,
    }));
    const add = async (rows: object[]) => {
      for (const data of rows) {
        const r = await o.post('sam', '/api/EntryModule/submit', { moduleId, data });
        expect(r.json(), r.body).toMatchObject({ success: true });
      }
    };
    await add(gondola);
    expect(await retrainSweep(o.t.ctx.db)).toBe(0);
    expect((await suggest('sam', { title: 'gondola' })).json().data).toEqual([]);
    await add([{ ...claim('travel', 1), title: 'gondola ride' }]);
    expect(await retrainSweep(o.t.ctx.db)).toBe(1);
    expect((await suggest('sam', { title: 'gondola' })).json().data[0]).toMatchObject({ value: 'travel' });
    const republished = await o.post('admin', `/api/form/Editor/publish?id=${moduleId}`);
    expect(republished.json(), republished.body).toMatchObject({ success: true });
    expect(await retrainSweep(o.t.ctx.db)).toBe(1);
    const [m] = (await o.get('admin', `/api/ml/models/${moduleId}`)).json().data;
    expect(m).toMatchObject({ trainedVersion: 2, recordsSeen: 30 + RETRAIN_EVERY });
  });

  it('suggests every choice field with the licensed service, and stops when the licence goes', async () => {
    await setLicences(o, ['ml-suggest-plus']);
    const plus = await mlApp(o, 'Claims plus', ['suggest-values-plus']);
    await addClaims(o, plus, 30);
    const fields = async () =>
      ((await suggest('sam', { title: 'hotel and flight' }, plus)).json().data as { field: string; value: string }[])
        .map((x) => `${x.field}=${x.value}`)
        .sort();
    expect(await fields()).toEqual(['category=travel', 'payment=card']);
    await setLicences(o, []);
    expect(await fields()).toEqual([]);
  });

  it('lets designers choose the suggested fields: one without the licence, several with it', async () => {
    const targets = (id = moduleId) => o.get('admin', `/api/ml/targets/${id}`);
    const choose = (fields: string[], id = moduleId) =>
      o.t.app.inject({
        method: 'PUT',
        url: `/api/ml/targets/${id}`,
        headers: bearer(o.tok.admin!, ACME),
        payload: { fields },
      });
    expect((await targets()).json().data).toEqual({
      published: true,
      several: false,
      available: [
        { name: 'category', label: 'Category' },
        { name: 'payment', label: 'Payment' },
      ],
      chosen: ['category'],
      custom: false,
    });
    expect((await o.get('sam', `/api/ml/targets/${moduleId}`)).statusCode).toBe(403);
    const both = await choose(['category', 'payment']);
    expect([both.statusCode, both.json().message]).toEqual([
      400,
      'This service suggests one field; several fields need the licensed service.',
    ]);
    expect((await choose(['title'])).json()).toMatchObject({ success: false, message: /not a single-choice/ });
    expect((await choose(['payment'])).json().data).toMatchObject({ chosen: ['payment'], custom: true });
    const fields = async (id = moduleId) =>
      ((await suggest('sam', { title: 'hotel and flight' }, id)).json().data as { field: string; value: string }[])
        .map((x) => `${x.field}=${x.value}`)
        .sort();
    expect(await fields()).toEqual(['payment=card']);
    // The status screen: trained when, on how many records, and the held-out check (every fifth example).
    const [m] = (await o.get('admin', `/api/ml/models/${moduleId}`)).json().data;
    expect(m).toMatchObject({ field: 'payment', ready: true, recordsSeen: 30 + RETRAIN_EVERY });
    expect(m.heldOut).toBe(Math.floor(m.examples / 5));
    expect(m.accuracy).toBeGreaterThanOrEqual(0.8);
    expect(Date.now() - Date.parse(m.trainedOn)).toBeLessThan(60_000);
    expect((await choose([])).json().data).toMatchObject({ chosen: ['category'], custom: false });

    await setLicences(o, ['ml-suggest-plus']);
    const plus = await mlApp(o, 'Claims chosen', ['suggest-values-plus']);
    await addClaims(o, plus, 20);
    expect((await targets(plus)).json().data).toMatchObject({ several: true, chosen: ['category', 'payment'] });
    expect((await choose(['payment'], plus)).json().data.chosen).toEqual(['payment']);
    expect(await fields(plus)).toEqual(['payment=card']);
    expect((await choose(['payment', 'category'], plus)).json().data.chosen).toEqual(['category', 'payment']);
    expect(await fields(plus)).toEqual(['category=travel', 'payment=card']);
    await setLicences(o, []);
    expect((await choose(['payment'], plus)).json().message).toMatch(/no machine-learning service/);
  });

  it('answers bad input with the error envelope, never a 500', async () => {
    const bad = await o.post('sam', `/api/ml/suggest/${moduleId}`, { values: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await suggest('sam', { title: 'taxi' }, 'no-such-app')).statusCode).toBe(404);
  });
});
