/** Texts of the mails the service sends. Plain text first; the HTML part says the same. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationEmail(input: { organizationName: string; link: string; expiresAt: Date }) {
  const subject = `You are invited to join ${input.organizationName} on CL2C`;
  const expires = input.expiresAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const text = [
    `Hello,`,
    ``,
    `${input.organizationName} invites you to become a member on CL2C.`,
    `Open this link to register (first name, last name and a user name) — a wallet is created for you:`,
    ``,
    input.link,
    ``,
    `The link works once and expires on ${expires}.`,
    `If you did not expect this invitation, ignore this message.`,
  ].join('\n');
  const org = escapeHtml(input.organizationName);
  const link = escapeHtml(input.link);
  const html = `<p>Hello,</p><p>${org} invites you to become a member on CL2C.</p><p><a href="${link}">Accept the invitation</a> (or open ${link}).</p><p>The link works once and expires on ${escapeHtml(expires)}.</p><p>If you did not expect this invitation, ignore this message.</p>`;
  return { subject, text, html };
}

/** The mail with a link to set or reset a password: the person's own, never an organization's. */
export function passwordEmail(input: { link: string; expiresAt: Date }) {
  const subject = 'Set your CL2C password';
  const expires = input.expiresAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const text = [
    `Hello,`,
    ``,
    `Someone (hopefully you) asked to set or reset the password of your CL2C account.`,
    `Open this link to choose a password:`,
    ``,
    input.link,
    ``,
    `The link works once and expires on ${expires}. Setting a password signs you out everywhere.`,
    `If you did not ask for this, ignore this message: your account is unchanged.`,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<p>Hello,</p><p>Someone (hopefully you) asked to set or reset the password of your CL2C account.</p><p><a href="${link}">Choose a password</a> (or open ${link}).</p><p>The link works once and expires on ${escapeHtml(expires)}. Setting a password signs you out everywhere.</p><p>If you did not ask for this, ignore this message: your account is unchanged.</p>`;
  return { subject, text, html };
}
