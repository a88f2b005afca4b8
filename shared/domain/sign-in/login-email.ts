import { config } from '../../config';
import type { EmailMessage } from '../../email/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function loginEmail(to: string, token: string, code: string): EmailMessage {
  const link = `${config().appBaseUrl}/auth/verify?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Your login link',
    text: `Log in with this link: ${link}\n\nOr enter this code: ${code}\n\nThe link and code work once and expire in 15 minutes.`,
    html: `<p><a href="${escapeHtml(link)}">Log in</a></p><p>Or enter this code: <strong>${code}</strong></p><p>The link and code work once and expire in 15 minutes.</p>`,
  };
}
