-- A 100-entry import at 100k members (issue #9, A13): every new invitation landed at a random leaf
-- of each e-mail- or id-ordered index, and this one only answered "the organization's PENDING
-- invitations to these e-mails" — which `member_list_status_email_idx` (organization, status,
-- email, id) answers as well, since `member_list` holds exactly the pending invitations under
-- status 'PENDING'. The lookups go through it now (lib/invitations/pending.ts); one B-tree fewer
-- cut ~7 % of the pages such an import writes.
DROP INDEX `invitations_org_email_idx`;
