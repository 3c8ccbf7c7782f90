// The /dev/emails page: plain server-rendered HTML with clickable links. No script at all,
// so it passes the app's CSP; styles are inline, which the CSP allows.
import { escapeHtml } from '#server/services/mail/templates/escape-html.ts';
import type { DevEmail } from './dev-mailbox.queries.ts';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:860px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 4px}
.hint{color:#6b7280;margin:0 0 24px}
article{background:#fff;border-radius:10px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 2px #0001}
h2{font-size:17px;margin:0 0 6px}
.meta{color:#6b7280;font-size:13px;margin:0 0 12px}
ul{padding-left:20px;margin:0 0 12px}
a{color:#047857;word-break:break-all}
pre{white-space:pre-wrap;background:#f9fafb;border-radius:6px;padding:12px;font-size:13px}
`;

function fromOf(email: DevEmail): string {
  const from = email.fromName ? `De ${escapeHtml(email.fromName)} · ` : '';
  const replyTo = email.replyTo ? `Responder a ${escapeHtml(email.replyTo)} · ` : '';
  const bcc = email.bcc ? `Cópia oculta para ${escapeHtml(email.bcc)} · ` : '';
  return from + replyTo + bcc;
}

function renderEmail(email: DevEmail): string {
  const links = email.links.length
    ? `<ul>${email.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>`
    : '<p class="meta">Sem links.</p>';
  return `<article>
<h2>${escapeHtml(email.subject)}</h2>
<p class="meta">${fromOf(email)}Para ${escapeHtml(email.to)} · <time datetime="${email.createdAt}">${escapeHtml(email.createdAt)}</time></p>
${links}
<details><summary>Texto</summary><pre>${escapeHtml(email.text)}</pre></details>
<details><summary>HTML (código)</summary><pre>${escapeHtml(email.html)}</pre></details>
</article>`;
}

export function renderDevMailboxPage(emails: DevEmail[]): string {
  const body = emails.length
    ? emails.map(renderEmail).join('\n')
    : '<p>Ainda não foi enviado nenhum email.</p>';
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de correio de desenvolvimento · Papelada</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Caixa de correio de desenvolvimento</h1>
<p class="hint">Sem SMTP_URL, os emails da aplicação ficam aqui (mais recentes primeiro).</p>
${body}
</main>
</body>
</html>`;
}
