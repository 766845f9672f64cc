/** The mail that asks a copyright holder to authorize or reject their share. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function copyrightRequestEmail(input: {
  organizationName: string;
  nftName: string;
  percentage: number;
  licenceName: string;
  link: string;
  expiresAt: Date;
}) {
  const subject = `${input.organizationName} asks you to authorize your copyright share in “${input.nftName}”`;
  const expires = input.expiresAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const text = [
    `Hello,`,
    ``,
    `${input.organizationName} lists you as a copyright holder of the NFT “${input.nftName}” with a share of ${input.percentage}%,`,
    `under the licence: ${input.licenceName}.`,
    ``,
    `Open this link to see the NFT and the whole split, then authorize or reject your share:`,
    ``,
    input.link,
    ``,
    `The link works once and expires on ${expires}.`,
    `If you do not know this organization, reject the share or ignore this message.`,
  ].join('\n');
  const e = {
    org: escapeHtml(input.organizationName),
    nft: escapeHtml(input.nftName),
    licence: escapeHtml(input.licenceName),
    link: escapeHtml(input.link),
  };
  const html = `<p>Hello,</p><p>${e.org} lists you as a copyright holder of the NFT “${e.nft}” with a share of ${input.percentage}%, under the licence: ${e.licence}.</p><p><a href="${e.link}">Review and answer</a> (or open ${e.link}).</p><p>The link works once and expires on ${escapeHtml(expires)}.</p><p>If you do not know this organization, reject the share or ignore this message.</p>`;
  return { subject, text, html };
}
