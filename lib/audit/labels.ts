/**
 * What the console calls each audit action and record type — the one map, used by the overview's
 * recent activity, the activity page and its filters. An action not listed (added by a later
 * feature) still reads sensibly: `contract.deploy` → "Contract deploy".
 */
export const auditActionLabels: Record<string, string> = {
  'contract.create': 'Contract created',
  'contract.update': 'Contract updated',
  'contract.delete': 'Contract deleted',
  'contract.deploy': 'Contract deployed',
  'nft.create': 'NFT created',
  'nft.update': 'NFT updated',
  'nft.update_status': 'NFT status changed',
  'nft.mint': 'NFT minted',
  'nft.delete': 'NFT deleted',
  'copyright.authorize': 'Copyright share authorized',
  'copyright.reject': 'Copyright share rejected',
  'copyright.resend': 'Copyright request resent',
  'copyright.new_round': 'Copyright split changed (new requests)',
  'copyright.record_signed': 'Copyright record signed',
  'copyright.link_refused': 'Copyright link refused',
  'invitation.create': 'Member invited',
  'invitation.resend': 'Invitation resent',
  'invitation.email.change': 'Invitation e-mail changed',
  'invitation.revoke': 'Invitation revoked',
  'invitation.accept': 'Invitation accepted',
  'member.email.change': 'Member e-mail changed',
  'member.remove': 'Member removed',
  'user.create': 'User registered',
  'user.update': 'User updated',
  'token.send': 'Tokens sent',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'token.confirm': 'Token send confirmed on chain',
  'token.fail': 'Token send failed',
  'nft.mint.confirm': 'NFT mint confirmed on chain',
  'nft.mint.fail': 'NFT mint failed',
  'contract.deploy.confirm': 'Contract deployment confirmed',
  'contract.deploy.fail': 'Contract deployment failed',
  'auth.password_reset_requested': 'Password link requested',
  'auth.password_reset': 'Password set with a link',
};

export const auditEntityTypeLabels: Record<string, string> = {
  smart_contract: 'Contract',
  nft: 'NFT',
  invitation: 'Invitation',
  user_organization: 'Member',
  user: 'User',
  token_transfer: 'Token transfer',
  api_key: 'API key',
};

function humanize(code: string): string {
  const text = code.replace(/[._]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : code;
}

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? humanize(action);
}

export function auditEntityTypeLabel(entityType: string): string {
  return auditEntityTypeLabels[entityType] ?? humanize(entityType);
}
