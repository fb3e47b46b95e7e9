import path from 'node:path';
import { createForm } from '../../app/features/forms/forms.server.ts';
import { STARTED_FIELD } from '../../app/features/forms/spam.server.ts';
import { measureBaseline } from '../lib/baselines.ts';
import { freePort, REPO_ROOT, startChild, waitForHttp } from '../lib/children.ts';
import { loadTest } from '../lib/load.ts';
import { serverArgs } from '../lib/server-command.ts';
import type { BenchContext, CustomScenario } from '../lib/types.ts';

/*
 * A valid contact-form submission through Contact Form 7's feedback call, the whole
 * pipeline: multipart parsing, validation, acceptance, the spam checks (honeypot, signed
 * start time, user agent, per-address limit, duplicate lookup), the mail to an SMTP sink in
 * its own process (a real SMTP conversation per message), the insert. The shop server of the run
 * has no mail server, so a second server on the same database is started for this one, with
 * SMTP_URL pointing at the sink and TRUST_PROXY, so each request can come from its own
 * X-Forwarded-For address: a stream of visitors, not one address the limit (5 in 10 min)
 * would stop. Every body differs (no duplicates). Beside the bare Fastify route of the run.
 */

const BOUNDARY = '----vitrinebench7MA4YWxkTrZu0gW';

function multipartBody(fields: Record<string, string>): string {
  let out = '';
  for (const [k, v] of Object.entries(fields)) out += `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  return `${out}--${BOUNDARY}--\r\n`;
}

/** The SMTP sink, in its own process (bench/baselines/smtp-sink.ts). */
async function startSink() {
  const port = await freePort();
  const child = startChild('SMTP sink', process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench', 'baselines', 'smtp-sink.ts')], {
    env: { ...process.env, PORT: String(port) },
    ipc: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the SMTP sink did not start:\n${child.output()}`)), 30_000);
    child.process.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const received = () =>
    new Promise<number>((resolve) => {
      child.process.once('message', (m) => resolve((m as { received: number }).received));
      child.process.send('count');
    });
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => child.stop() };
}

const scenario: CustomScenario = {
  name: 'POST contact form feedback (valid, mailed over SMTP)',
  async run(ctx: BenchContext) {
    const sink = await startSink();
    const form = await createForm(ctx.db, {
      title: 'Bench contact',
      source: '[text* your-name autocomplete:name]\n[email* your-email]\n[text* your-subject]\n[textarea* your-message minlength:10]\n[acceptance ok] I agree [/acceptance]\n[submit "Send"]',
      mail: {
        active: true,
        to: 'owner@bench.example',
        from: '[_site_title] <shop@bench.example>',
        subject: '[_site_title] "[your-subject]"',
        additionalHeaders: 'Reply-To: [your-name] <[your-email]>',
        body: 'From: [your-name] <[your-email]>\n\n[your-message]',
        attachments: '',
        html: false,
      },
      settings: { minFillSeconds: 0 },
    });
    const port = await freePort();
    const child = startChild('contact-form server', process.execPath, serverArgs(ctx.appDir, ctx.server), {
      env: { ...ctx.serverEnv, PORT: String(port), SMTP_URL: sink.url, TRUST_PROXY: '1', MAIL_FROM: 'Bench <shop@bench.example>' },
      cwd: ctx.appDir,
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/api/health`, child, 120_000);
      const refill = (await (await fetch(`${base}/wp-json/contact-form-7/v1/contact-forms/${form.id}/refill`)).json()) as { started: string };
      const hidden = {
        _wpcf7: String(form.id),
        _wpcf7_version: '6.0.6',
        _wpcf7_locale: 'en_US',
        _wpcf7_unit_tag: `wpcf7-f${form.id}-p2-o1`,
        _wpcf7_container_post: '2',
        [STARTED_FIELD]: refill.started,
      };
      let n = 0;
      const next = () => {
        const i = ++n;
        return {
          headers: {
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench',
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: multipartBody({
            ...hidden,
            'your-name': `Visitor ${i}`,
            'your-email': `visitor${i}@example.com`,
            'your-subject': `Question ${i}`,
            'your-message': `Hello, this is message number ${i} about an order.`,
            ok: '1',
          }),
        };
      };
      // One submission first: it must be mailed, or the figures would measure a refusal.
      const probe = next();
      const first = await fetch(`${base}/wp-json/contact-form-7/v1/contact-forms/${form.id}/feedback`, { method: 'POST', headers: probe.headers, body: probe.body });
      const answer = (await first.json()) as { status?: string };
      if (answer.status !== 'mail_sent') throw new Error(`a valid submission answered ${first.status} ${JSON.stringify(answer).slice(0, 300)}`);
      const before = await sink.received();
      const result = await loadTest(
        base,
        {
          method: 'POST',
          path: `/wp-json/contact-form-7/v1/contact-forms/${form.id}/feedback`,
          label: ctx.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
          autocannon: {
            requests: [
              {
                method: 'POST',
                setupRequest: (req) => ({ ...req, ...next() }),
              },
            ],
          },
        },
        { ...ctx, pid: child.process.pid },
      );
      const rows = await ctx.db
        .selectFrom('contact_submissions')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('form_id', '=', form.id)
        .groupBy('status')
        .execute();
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      result.unit = 'submissions/s';
      result.note = [result.note, `${(await sink.received()) - before} mails reached the SMTP sink (its own process); stored: ${JSON.stringify(byStatus)}`].filter(Boolean).join('; ');
      await child.stop();
      const baseline = await measureBaseline(ctx, { kind: 'fastify-json' });
      return { result, baseline };
    } finally {
      await child.stop();
      await sink.close();
    }
  },
};

export default scenario;
