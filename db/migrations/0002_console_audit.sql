CREATE INDEX `audit_org_action_created_idx` ON `audit_events` (`organization_id`,`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_org_entity_type_created_idx` ON `audit_events` (`organization_id`,`entity_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_org_actor_created_idx` ON `audit_events` (`organization_id`,`actor_id`,`created_at`);