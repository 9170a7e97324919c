import { defineAutomationStepServer } from '../../../runtime/plugin-contract';
import { manifest, recipients } from './manifest';

export const server = defineAutomationStepServer({
  manifest,
  async run(c, ctx) {
    const to = recipients(ctx.fill(c.to));
    if (to.problem) throw new Error(to.problem);
    const mail = { to: to.list, subject: ctx.fill(c.subject).slice(0, 500), text: ctx.fill(c.body) };
    await ctx.sendMail(mail);
    return { output: ctx.dryRun ? { wouldSend: mail } : { sent: to.list.length, to: to.list } };
  },
});
